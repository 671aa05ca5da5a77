import AppSupport
import ContractNames
import Journeys

/// Finds a journey's element mention on a screen (spec/08 §2.1): `id`/`identifier` match an
/// element's `id` on iOS and its `testTag` on Android; `testTag` matches the testTag; `testID` and
/// every mention of a Ring element match Ring's `id`, a card's derived `-Content` / `-ActionButton` /
/// `-UseButton` included; a label matches a shown title, caption, label or text exactly. With several
/// matches, the one that shows `showing` (a title or caption) wins, else the first shown.
package struct ElementFinder {
    let platform: Platform

    package init(platform: Platform) { self.platform = platform }

    static let derivedSuffixes = ["-Content", "-ActionButton", "-UseButton"]

    /// Every element the mention names on the screen, in display order.
    package func all(_ mention: ElementMention, app: JourneyApp, on screen: Screen) -> [ShownElement] {
        let all = ShownElement.all(on: screen)
        switch mention {
        case .id(let value), .identifier(let value):
            return app == .ring || platform == .ios
                ? all.filter { Self.matches($0.id, value) } : all.filter { $0.testTag == value }
        case .testTag(let value): return all.filter { $0.testTag == value }
        case .testID(let value): return all.filter { Self.matches($0.id, value) }
        case .label(let value): return all.filter { $0.texts.contains(value) }
        }
    }

    package func find(_ mention: ElementMention, showing: String?, app: JourneyApp, on screen: Screen) -> ShownElement?
    {
        let candidates = all(mention, app: app, on: screen)
        if let showing, let shown = candidates.first(where: { $0.texts.contains(showing) }) { return shown }
        return candidates.first
    }

    /// An id, or a Ring card's id with a derived part after it.
    static func matches(_ id: String, _ written: String) -> Bool {
        id == written || derivedSuffixes.contains { written.hasSuffix($0) && id == written.dropLast($0.count) }
    }

    /// Every text a person reads on the screen: titles, texts, rows, labels, elements, toasts.
    package static func texts(of screen: Screen) -> [String] {
        var texts = [screen.title].compactMap { $0 } + screen.texts
        if let sheet = screen.sheet { texts += [sheet.title] + sheet.texts + (sheet.footer ?? []) }
        texts += screen.identifiers.flatMap(\.texts)
        texts += screen.toasts.map(\.text)
        return texts
    }

    /// What the screen showed, for a check that did not hold: the route and its ids.
    package static func summary(of screen: Screen) -> String {
        let ids = screen.identifiers.map(\.id)
        let shown = ids.prefix(12).joined(separator: ", ") + (ids.count > 12 ? ", …" : "")
        return "\(screen.app) \(screen.route)" + (ids.isEmpty ? " (no identified element)" : ": \(shown)")
    }
}
