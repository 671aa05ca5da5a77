import AppSupport
import PubkyProtocol

/// One identified thing on a screen as a journey's checks read it (spec/08 §2.4.3–§2.4.4): its ids, its
/// fields (title, caption, label, text), whether it is disabled, its spinner, and the key it stands for.
package struct ShownElement: Sendable, Equatable {
    enum Kind: Sendable { case row, button, element, toast }

    var kind: Kind
    var id: String
    var testTag: String?
    var title: String?
    var caption: String?
    var label: String?
    var text: String?
    package var disabled: Bool
    /// The id of the spinner a row shows in place of its avatar while its lookup runs.
    var spinner: String?

    /// Every text it shows: title, caption, label, text.
    package var texts: [String] { [title, caption, label, text].compactMap { $0 } }

    /// The key its id names: `PubkyChoiceRing_<z32>`, `PubkyChoiceRingLookup_<z32>`, `Contact_pubky<z32>`,
    /// `PaymentRequestRow-<id>-<z32>-…`; nil when the id names none (Android's shared testTag, Ring cards).
    var keyInID: String? {
        for prefix in ["PubkyChoiceRing_", "PubkyChoiceRingLookup_", "Contact_"] where id.hasPrefix(prefix) {
            return WorldFacts.bare(String(id.dropFirst(prefix.count)))
        }
        if id.hasPrefix("PaymentRequestRow-") {
            let parts = id.split(separator: "-")
            if parts.count >= 3, parts[2].count == 52 { return String(parts[2]) }
        }
        return nil
    }

    /// The key this element stands for: the one its id names, else the candidate whose Bitkit caption
    /// (or Ring short form) it shows, when exactly one does.
    func key(among candidates: [String]) -> String? {
        if let key = keyInID { return key }
        let shown = texts.map { $0.uppercased() }
        let matching = candidates.filter { candidate in
            shown.contains(PubkyKey.bitkitTruncated(candidate).uppercased())
                || shown.contains(PubkyKey.ringShortForm(candidate).uppercased())
                || shown.contains { $0.contains(candidate.uppercased()) }
        }
        return Set(matching).count == 1 ? matching[0] : nil
    }

    /// Rows, then the screen's buttons and elements, then the sheet's, then identified toasts.
    static func all(on screen: Screen) -> [ShownElement] {
        func rows(_ rows: [Screen.Row]) -> [ShownElement] {
            rows.map {
                ShownElement(
                    kind: .row, id: $0.id, testTag: $0.testTag.value, title: $0.title, caption: $0.caption,
                    label: $0.button, disabled: $0.disabled, spinner: $0.spinner)
            }
        }
        func buttons(_ buttons: [Screen.Button]) -> [ShownElement] {
            buttons.map {
                ShownElement(
                    kind: .button, id: $0.id, testTag: $0.testTag.value, label: $0.label, disabled: $0.disabled)
            }
        }
        func elements(_ elements: [Screen.Element]) -> [ShownElement] {
            elements.map {
                ShownElement(kind: .element, id: $0.id, testTag: $0.testTag.value, text: $0.text, disabled: false)
            }
        }
        var all = elements(screen.elements) + rows(screen.rows) + buttons(screen.buttons)
        if let sheet = screen.sheet { all += elements(sheet.elements) + rows(sheet.rows) + buttons(sheet.buttons) }
        for toast in screen.toasts {
            if let id = toast.id {
                all.append(
                    ShownElement(
                        kind: .toast, id: id, testTag: toast.testTag.value, title: toast.title,
                        caption: toast.description, disabled: false))
            }
        }
        return all
    }

    /// The screen's identified rows, in display order (the sheet's when a sheet is shown over them).
    static func rows(on screen: Screen) -> [ShownElement] {
        all(on: screen).filter { $0.kind == .row }
    }
}
