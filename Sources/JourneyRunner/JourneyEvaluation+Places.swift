import AppSupport
import Foundation
import Journeys
import PubkyProtocol

/// Navigation by meaning and the dialog forms (spec/08 §2.4.3, §2.4.6, §2.4.10): routes the place table
/// gives, each step on the screen the one before reached, never an added step.
extension JourneyEvaluation {
    /// `Open|Go to|Return to|Reopen P`: a tap by label when P is one label on the screen, else the place
    /// table's route; `existing` needs the route to end on an existing item.
    mutating func navigate(to phrase: String, existing: Bool, app target: JourneyApp) throws -> Outcome {
        let screen = try current(target)
        let labelled = ShownElement.all(on: screen).filter { $0.label == phrase || $0.title == phrase }
        var outcome: Outcome
        let place = JourneyPlaces.place(named: phrase)
        if labelled.count == 1, let element = labelled.first {
            outcome = try tap(element, written: .label(phrase), app: target, ignored: false)
        } else {
            guard let place else { return .notPerformable("no route for \"\(phrase)\"") }
            guard place.routes[target] != nil else {
                let name = target == .bitkit ? "Bitkit" : "Pubky Ring"
                return .notPerformable("no route for \"\(phrase)\" in \(name)")
            }
            outcome = try follow(place, app: target)
        }
        guard outcome.status == .held, existing else { return outcome }
        let ended = try current(target).route
        if let place, !place.existing.isEmpty, !place.existing.contains(ended) {
            return .notPerformable(
                "the route to \(place.name) ends on \(ended), not on an existing \(place.name.lowercased())")
        }
        return outcome
    }

    /// A place's route in `target`, each step on the screen the step before reached.
    private mutating func follow(_ place: JourneyPlace, app target: JourneyApp) throws -> Outcome {
        for step in place.routes[target] ?? [] {
            let outcome: Outcome
            switch step {
            case .command(let arguments):
                outcome = try act(target, arguments, source: arguments.joined(separator: " "))
            case .place(let name):
                guard let inner = JourneyPlaces.place(withName: name) else {
                    return .notPerformable("no place \(name)")
                }
                outcome = try follow(inner, app: target)
            case .tap(let id):
                let screen = try current(target)
                guard let element = ShownElement.all(on: screen).first(where: { $0.id == id }) else {
                    if let missing = unmodelled(.id(id), app: target) {
                        return .notPerformable("the route to \(place.name) taps \(id): " + missing)
                    }
                    return .notPerformable(
                        "the route to \(place.name) taps \(id), which is not on the current screen; it shows "
                            + ElementFinder.summary(of: screen))
                }
                outcome = try tap(element, written: .id(id), app: target, ignored: false)
            }
            guard outcome.status == .held else { return outcome }
        }
        return .held("via " + (place.routes[target] ?? []).map(Self.describe).joined(separator: " → "))
    }

    private static func describe(_ step: JourneyPlace.Step) -> String {
        switch step {
        case .tap(let id): id
        case .place(let name): name
        case .command(let arguments): arguments.joined(separator: " ")
        }
    }

    /// A tap of the one row a referent picks (`the named identity's row (testTag …, told apart by its key
    /// caption)`, `one of the other rows`): none, or none chosen among several, is not performable.
    mutating func tapReferent(
        _ referent: JourneyReferent, within: ElementMention?, app target: JourneyApp, ignored: Bool
    ) throws -> Outcome {
        let view = CheckView(app: target, screen: try current(target), state: nil, snapshot: false)
        switch resolve(referent, within: within, view) {
        case .failure(let failure):
            switch failure.verdict {
            case .failed(let why), .eyes(let why), .unmodelled(let why): return .notPerformable(why)
            case .held, .noRowMatches: return .notPerformable("no row to tap")
            }
        case .success(let found):
            guard found.count == 1, let element = found.first else {
                return .notPerformable("\(found.count) rows match: the step picks none of them")
            }
            let outcome = try tap(element, written: within ?? .id(element.id), app: target, ignored: ignored)
            memory.named([identity(element, view)])
            memory.lastTap = memory.focus.first
            return outcome
        }
    }

    /// `Scroll to X`: no effect when X is shown (X becomes the focus), else not performable.
    mutating func scroll(to mention: ElementMention, app target: JourneyApp) throws -> Outcome {
        let screen = try current(target)
        guard let element = finder.find(mention, showing: nil, app: target, on: screen) else {
            return try notShown(mention, app: target, screen: screen)
        }
        memory.named([JourneyMemory.Identity(app: target, element: element, key: element.keyInID)])
        return .held("\(mention.value) is shown: nothing to scroll")
    }

    /// `Confirm|Cancel <noun>`: that button of the dialog shown; confirming a deletion remembers what it
    /// removes (`the deleted profile`).
    mutating func dialog(confirm: Bool, noun: String, app target: JourneyApp) throws -> Outcome {
        let screen = try current(target)
        guard let sheet = screen.sheet else {
            return .notPerformable("no dialog is shown to \(confirm ? "confirm" : "cancel") (\(noun))")
        }
        let buttons = ShownElement.all(on: screen).filter { $0.kind == .button }
        let wanted: (ShownElement) -> Bool =
            confirm
            ? { $0.id.contains("Confirm") || $0.testTag == "dialog_confirm" || $0.id.contains("Authorize") }
            : { $0.id.contains("Cancel") || $0.testTag == "dialog_cancel" }
        guard let button = buttons.first(where: wanted) else {
            return .notPerformable("the dialog \(sheet.title) has no \(confirm ? "confirm" : "cancel") button")
        }
        if confirm, sheet.id.contains("delete") { memory.deleted = try deleted(on: screen, app: target) }
        return try tap(button, written: .id(button.id), app: target, ignored: false)
    }

    /// What a confirmed deletion removes: Bitkit's profile (its name, key and caption), or Ring's pubky.
    private mutating func deleted(on screen: Screen, app target: JourneyApp) throws -> JourneyMemory.Deleted {
        if target == .bitkit {
            let key = facts.ownKey(&script).map(WorldFacts.bare)
            let identity = facts.bitkitState(&script)?["identity"] as? [String: Any]
            let name =
                (identity?["profile"] as? [String: Any])?["name"] as? String ?? identity?["cachedName"] as? String
            return JourneyMemory.Deleted(
                what: "profile", name: name, key: key, caption: key.map { PubkyKey.bitkitTruncated($0).uppercased() })
        }
        let key = screen.texts.first { WorldFacts.bare($0).count == 52 }.map(WorldFacts.bare)
        return JourneyMemory.Deleted(
            what: "pubky", name: screen.title, key: key, caption: key.map { PubkyKey.ringShortForm($0) })
    }

    /// `Dismiss <screen> [without paying]`: closes the sheet or modal shown (and checks nothing was sent).
    mutating func dismiss(_ what: String, withoutPaying: Bool, app target: JourneyApp) throws -> Outcome {
        let screen = try current(target)
        let payments = withoutPaying ? ledgerCount() : nil
        var outcome: Outcome
        if screen.sheet != nil {
            outcome = try act(target, ["back"], source: "dismiss")
        } else if let close = ShownElement.all(on: screen).first(where: {
            $0.id == "SimNavigationClose" || $0.id == "NavigationBack"
        }) {
            outcome = try tap(close, written: .id(close.id), app: target, ignored: false)
        } else {
            return .notPerformable("nothing to dismiss: \(ElementFinder.summary(of: screen))")
        }
        if outcome.status == .held, let payments, ledgerCount() != payments {
            outcome = .failed("expected nothing sent, found a new payment in the ledger")
        }
        return outcome
    }

    /// Payments in the world's ledger (on-chain and Lightning).
    private func ledgerCount() -> Int? {
        guard let result = try? script.launch(.simctl, ["backend", "show", "ledger"], background: false),
            result.status == 0,
            let document = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        else { return nil }
        return (document["onchain"] as? [Any] ?? []).count + (document["lightning"] as? [Any] ?? []).count
    }
}
