import AppSupport
import Foundation
import Journeys
import PubkyProtocol
import Scenarios

/// Checks (spec/08 §2.4.2–§2.4.5): each conjunct of a check settled on the current screen (or the latest
/// snapshot) and the world's facts; a check over a set reports each member.
extension JourneyEvaluation {
    /// What a check reads: a screen of one app, and — for a snapshot — Bitkit's state at that moment.
    struct CheckView {
        var app: JourneyApp
        var screen: Screen
        var state: [String: Any]?
        var snapshot: Bool
    }

    /// How one claim ended.
    enum Verdict {
        case held
        case failed(String)
        /// Only a person with a screenshot can settle it.
        case eyes(String)
        /// The simulated app has no such element or behaviour: what is missing.
        case unmodelled(String)
        /// `each row whose P`, and no row has P.
        case noRowMatches
    }

    struct ClaimResult {
        var verdict: Verdict
        var members: [JourneyMemberResult] = []
    }

    /// A check of the screen: did not hold if a decidable conjunct fails (naming each); else needs a person
    /// if one needs eyes (listing what held); else held. An element the simulated app never shows makes it
    /// not performable as written, naming what the simulator lacks.
    mutating func evaluateCheck(_ check: JourneyCheck, app target: JourneyApp) throws -> Outcome {
        if let process = check.whileRunning, !facts.running(process, &script) {
            return Outcome(
                status: .timing, detail: "\"already finished\": \(process.rawValue) finished before the check")
        }
        let view: CheckView
        if check.source == .snapshot {
            guard let snapshot = memory.snapshots.last(where: { $0.app == target }) ?? memory.snapshots.last else {
                return .failed("no snapshot or layout dump was taken before this check")
            }
            view = CheckView(app: snapshot.app, screen: snapshot.screen, state: snapshot.bitkitState, snapshot: true)
        } else {
            view = CheckView(app: target, screen: try current(target), state: nil, snapshot: false)
        }
        var failed: [String] = []
        var eyes: [String] = []
        var held: [String] = []
        var missing: [String] = []
        var noRow = false
        var members: [JourneyMemberResult] = []
        for conjunct in check.conjuncts {
            var results: [ClaimResult] = []
            for claim in conjunct.alternatives { results.append(try evaluate(claim, in: view)) }
            members += results.first?.members ?? []
            let verdicts = results.map(\.verdict)
            if verdicts.contains(where: { if case .held = $0 { true } else { false } }) {
                held.append(Self.describe(conjunct))
            } else if let unmodelled = verdicts.lazy.compactMap({
                if case .unmodelled(let why) = $0 { why } else { nil }
            }).first {
                missing.append(unmodelled)
            } else if verdicts.allSatisfy({ if case .noRowMatches = $0 { true } else { false } }) {
                noRow = true
            } else if verdicts.contains(where: { if case .failed = $0 { true } else { false } }) {
                failed.append(
                    verdicts.compactMap { if case .failed(let why) = $0 { why } else { nil } }.joined(
                        separator: ", or "))
            } else {
                eyes.append(
                    verdicts.compactMap { if case .eyes(let why) = $0 { why } else { nil } }.joined(separator: ", or "))
            }
        }
        if !missing.isEmpty {
            return Outcome(status: .notPerformable, detail: missing.joined(separator: "; "), members: members)
        }
        if !failed.isEmpty {
            return Outcome(status: .didNotHold, detail: failed.joined(separator: "; "), members: members)
        }
        if !eyes.isEmpty {
            let decided = held.isEmpty ? "" : "; held: " + held.joined(separator: ", ")
            return Outcome(
                status: .person, detail: "needs eyes: " + eyes.joined(separator: "; ") + decided, members: members)
        }
        if noRow { return Outcome(status: .held, detail: "no row matches", members: members, noRowMatches: true) }
        return Outcome(status: .held, members: members)
    }

    private static func describe(_ conjunct: JourneyConjunct) -> String {
        if !conjunct.text.isEmpty { return conjunct.text }
        guard let claim = conjunct.alternatives.first else { return "" }
        switch claim.subject {
        case .elements(let mentions, _): return mentions.map(\.value).joined(separator: ", ")
        case .place(let name): return name
        case .label(let label): return "\"\(label)\""
        default: return "\(claim.predicate)".prefix(while: { $0 != "(" }).description
        }
    }

    // MARK: Claims

    mutating func evaluate(_ claim: JourneyClaim, in view: CheckView) throws -> ClaimResult {
        switch claim.subject {
        case .elements(let mentions, let showing):
            return try elementsClaim(mentions, showing: showing, claim, view)
        case .idPrefix(let prefix):
            let found = ShownElement.all(on: view.screen).filter { $0.id.hasPrefix(prefix) }
            return ClaimResult(verdict: judge(found, claim, view, name: "the \(prefix)… elements"))
        case .label(let label):
            let found = ShownElement.all(on: view.screen).filter { $0.texts.contains(label) }
            if found.isEmpty, view.screen.title == label || view.screen.sheet?.title == label {
                return ClaimResult(
                    verdict: claim.negative ? .failed("expected \"\(label)\" absent, found it as the title") : .held)
            }
            return ClaimResult(verdict: judge(Array(found.prefix(1)), claim, view, name: "\"\(label)\""))
        case .screen:
            return ClaimResult(verdict: screenClaim(claim, view))
        case .place(let name):
            return ClaimResult(verdict: placeClaim(name, claim, view))
        case .referent(let referent, let within):
            switch resolve(referent, within: within, view) {
            case .failure(let why): return ClaimResult(verdict: why.verdict)
            case .success(let found):
                memory.named(found.map { identity($0, view) })
                return ClaimResult(verdict: judge(found, claim, view, name: Self.name(of: referent)))
            }
        case .rows(let quantifier, let within):
            return try quantified(quantifier, within: within, claim, view)
        case .deleted:
            guard let deleted = memory.deleted else {
                return ClaimResult(verdict: .failed("no deletion was confirmed earlier in this journey"))
            }
            let texts = ElementFinder.texts(of: view.screen).map { $0.lowercased() }
            let marks = [deleted.name, deleted.key, deleted.caption].compactMap { $0?.lowercased() }.filter {
                !$0.isEmpty
            }
            let seen = marks.filter { mark in texts.contains { $0.contains(mark) } }
            let back = !seen.isEmpty
            if back == !claim.negative { return ClaimResult(verdict: .held) }
            return ClaimResult(
                verdict: .failed(
                    back
                        ? "expected the deleted \(deleted.what) gone, found \(seen.joined(separator: ", "))"
                        : "expected the deleted \(deleted.what) back, found none of its name, key or caption"))
        }
    }

    /// Elements named by id: a set placeholder in an id makes one result per member.
    private mutating func elementsClaim(
        _ mentions: [ElementMention], showing: String?, _ claim: JourneyClaim, _ view: CheckView
    ) throws -> ClaimResult {
        var verdicts: [Verdict] = []
        var members: [JourneyMemberResult] = []
        for mention in mentions {
            switch expand(mention) {
            case .unresolved(let why):
                verdicts.append(.failed(why))
            case .single(let concrete):
                let found = finder.all(concrete, app: view.app, on: view.screen)
                // `(no testTag; titled "X")`: the screen's (or sheet's) title is X as well.
                if found.isEmpty, case .label(let label) = concrete,
                    [view.screen.title, view.screen.sheet?.title].compactMap({ $0 }).contains(where: {
                        Self.normalised($0) == Self.normalised(label)
                    }), claim.predicate == .shown
                {
                    verdicts.append(
                        claim.negative ? .failed("expected no screen titled \"\(label)\", found it") : .held)
                    continue
                }
                let picked = showing.flatMap { text in found.first { $0.texts.contains(text) } } ?? found.first
                if picked == nil, !claim.negative, claim.predicate != .missingFromTargets,
                    let missing = unmodelled(concrete, app: view.app)
                {
                    verdicts.append(.unmodelled(missing))
                    continue
                }
                if let picked { memory.named([identity(picked, view)]) }
                verdicts.append(judge([picked].compactMap { $0 }, claim, view, name: concrete.value))
            case .members(let list):
                for (member, concrete) in list {
                    let found = finder.all(concrete, app: view.app, on: view.screen)
                    let verdict = judge(Array(found.prefix(1)), claim, view, name: concrete.value, member: member)
                    members.append(Self.member(member, verdict))
                    verdicts.append(verdict)
                }
            }
        }
        return ClaimResult(verdict: Self.combine(verdicts), members: members)
    }

    /// A claim over rows: `each|every|all rows [whose P]`, `no row`, `one <noun> per <set>`, `only the tapped row`.
    private mutating func quantified(
        _ quantifier: JourneyQuantifier, within: ElementMention?, _ claim: JourneyClaim, _ view: CheckView
    ) throws -> ClaimResult {
        let candidates: [ShownElement]
        switch candidatesFor(within, view) {
        case .failure(let why): return ClaimResult(verdict: why.verdict)
        case .success(let found): candidates = found
        }
        switch quantifier {
        case .actions:
            // `<screen> actions`: its buttons but Back, each with the property.
            let back = ["NavigationBack", "SimNavigationClose", "AppHeaderBackButton"]
            let buttons = ShownElement.all(on: view.screen).filter { $0.kind == .button && !back.contains($0.id) }
            guard !buttons.isEmpty else { return ClaimResult(verdict: .failed("expected actions, found none")) }
            memory.named(buttons.map { identity($0, view) })
            return ClaimResult(verdict: judge(buttons, claim, view, name: "the screen's actions"))
        case .every(let filter), .none(let filter):
            var rows = candidates
            if let filter {
                var kept: [ShownElement] = []
                for row in rows {
                    switch filterHolds(filter, key: key(of: row, view), view) {
                    case .held: kept.append(row)
                    case .eyes(let why): return ClaimResult(verdict: .eyes(why))
                    default: break
                    }
                }
                rows = kept
                if rows.isEmpty { return ClaimResult(verdict: .noRowMatches) }
            }
            memory.named(rows.map { identity($0, view) })
            var members: [JourneyMemberResult] = []
            var verdicts: [Verdict] = []
            for row in rows {
                let rowKey = key(of: row, view)
                let verdict = judge(
                    [row], JourneyClaim(claim.subject, claim.predicate, negative: false), view, name: row.id)
                members.append(Self.member(rowKey ?? row.id, verdict))
                verdicts.append(verdict)
            }
            if case .none = quantifier {
                let holding = zip(rows, verdicts).filter { if case .held = $0.1 { true } else { false } }.map(\.0)
                if let eyes = verdicts.first(where: { if case .eyes = $0 { true } else { false } }), holding.isEmpty {
                    return ClaimResult(verdict: eyes, members: members)
                }
                let flipped = zip(rows, members).map { row, member in
                    JourneyMemberResult(
                        member: member.member, held: !member.held,
                        detail: member.held ? "expected no \(Self.phrase(claim.predicate)), found it on \(row.id)" : nil
                    )
                }
                return ClaimResult(
                    verdict: holding.isEmpty
                        ? .held
                        : .failed(
                            "expected no row \(Self.phrase(claim.predicate)), found \(holding.map(\.id).joined(separator: ", "))"
                        ),
                    members: flipped)
            }
            if rows.isEmpty {
                return ClaimResult(verdict: .failed("expected rows, found \(ElementFinder.summary(of: view.screen))"))
            }
            return ClaimResult(verdict: Self.combine(verdicts), members: members)
        case .onePer(let set):
            return onePer(set: set, within: within, candidates: candidates, view)
        case .only(let referent):
            switch resolve(referent, within: within, view) {
            case .failure(let why): return ClaimResult(verdict: why.verdict)
            case .success(let chosen):
                let own = judge(chosen, claim, view, name: Self.name(of: referent))
                guard case .held = own else { return ClaimResult(verdict: own) }
                let others = candidates.filter { candidate in !chosen.contains(candidate) }
                let also = others.filter {
                    if case .held = judge([$0], claim, view, name: $0.id) { true } else { false }
                }
                return ClaimResult(
                    verdict: also.isEmpty
                        ? .held
                        : .failed(
                            "expected only \(Self.name(of: referent)), found also \(also.map(\.id).joined(separator: ", "))"
                        ))
            }
        }
    }

    /// `one row per Ring identity (id "PubkyChoiceRing_<ring-pubky>")`: exactly one element per member and
    /// no other of that id; with Android's shared testTag one element per member, each caption once.
    private mutating func onePer(
        set: String, within: ElementMention?, candidates: [ShownElement], _ view: CheckView
    ) -> ClaimResult {
        guard let within else { return ClaimResult(verdict: .failed("one row per \(set) names no id to count")) }
        switch expand(within) {
        case .unresolved(let why):
            return ClaimResult(verdict: .failed(why))
        case .members(let list):
            var members: [JourneyMemberResult] = []
            var problems: [String] = []
            for (member, concrete) in list {
                let count = finder.all(concrete, app: view.app, on: view.screen).count
                let verdict: Verdict = count == 1 ? .held : .failed("expected one \(concrete.value), found \(count)")
                members.append(Self.member(member, verdict))
                if case .failed(let why) = verdict { problems.append(why) }
            }
            let template = within.value.prefix(while: { $0 != "<" })
            let expected = Set(list.map(\.mention.value))
            let others = ShownElement.all(on: view.screen).filter { element in
                element.id.hasPrefix(template) && !expected.contains(where: { ElementFinder.matches(element.id, $0) })
                    && (platformIsAndroid ? element.testTag.map { $0.hasPrefix(template) } ?? false : true)
            }
            if !template.isEmpty, !others.isEmpty, !platformIsAndroid {
                problems.append("expected no other \(template)…, found \(others.map(\.id).joined(separator: ", "))")
            }
            memory.named(finder.all(within, app: view.app, on: view.screen).map { identity($0, view) })
            return ClaimResult(
                verdict: problems.isEmpty ? .held : .failed(problems.joined(separator: "; ")), members: members)
        case .single(let concrete):
            // A shared id (Android's testTag): one element per member of the set, each caption once.
            let setMembers: [String]
            if case .set(let values)? = binder.value(set) {
                setMembers = values
            } else {
                binder.resolve("<\(set)>", issuerAction: false, facts: &facts, script: &script)
                guard case .set(let values)? = binder.value(set) else {
                    return ClaimResult(verdict: .failed("<\(set)> has no members"))
                }
                setMembers = values
            }
            let found = finder.all(concrete, app: view.app, on: view.screen)
            var members: [JourneyMemberResult] = []
            var problems: [String] = []
            for member in setMembers {
                let caption = PubkyKey.bitkitTruncated(member).uppercased()
                let count = found.filter { ($0.caption ?? "").uppercased() == caption }.count
                let verdict: Verdict =
                    count == 1 ? .held : .failed("expected one \(concrete.value) captioned \(caption), found \(count)")
                members.append(Self.member(member, verdict))
                if case .failed(let why) = verdict { problems.append(why) }
            }
            if found.count != setMembers.count {
                problems.append("expected \(setMembers.count) \(concrete.value), found \(found.count)")
            }
            memory.named(found.map { identity($0, view) })
            return ClaimResult(
                verdict: problems.isEmpty ? .held : .failed(problems.joined(separator: "; ")), members: members)
        }
    }

    private var platformIsAndroid: Bool { finder.platform == .android }

    /// Whether the found elements satisfy the claim (a negative claim: none is shown, or its property fails).
    private mutating func judge(
        _ found: [ShownElement], _ claim: JourneyClaim, _ view: CheckView, name: String, member: String? = nil
    ) -> Verdict {
        if claim.predicate == .missingFromTargets {
            let inTargets = found.filter { !$0.disabled }
            return inTargets.isEmpty
                ? .held : .failed("expected \(name) missing from Targets, found it shown and enabled")
        }
        if found.isEmpty {
            return claim.negative
                ? .held : .failed("expected \(name), found \(ElementFinder.summary(of: view.screen))")
        }
        var failures: [String] = []
        for element in found {
            switch test(claim.predicate, element, member: member, view) {
            case .held:
                if claim.negative { failures.append("expected \(name) \(Self.negated(claim.predicate)), found it") }
            case .failed(let why):
                if !claim.negative { failures.append(why) }
            case .eyes(let why):
                return .eyes(why)
            case .unmodelled(let why):
                return .unmodelled(why)
            case .noRowMatches:
                break
            }
        }
        return failures.isEmpty ? .held : .failed(failures.joined(separator: "; "))
    }

    /// What a predicate says, for a report (`showing a spinner`, `disabled`).
    private static func phrase(_ predicate: JourneyPredicate) -> String {
        switch predicate {
        case .shown: "shown"
        case .disabled: "disabled"
        case .enabled: "enabled"
        case .spinner(let mention): "showing a spinner" + (mention.map { " (\($0.value))" } ?? "")
        case .avatar: "showing its avatar"
        case .contains(let value): "showing \(value)"
        case .field(let field, let value): "with the \(field.rawValue) \(value)"
        case .missingFromTargets: "missing from Targets"
        case .unsigned: "unsigned"
        default: "so"
        }
    }

    private static func negated(_ predicate: JourneyPredicate) -> String {
        switch predicate {
        case .shown: "absent"
        case .disabled: "enabled"
        case .enabled: "disabled"
        case .spinner: "without a spinner"
        case .contains(let value): "not showing \(value)"
        case .field(let field, let value): "with a \(field.rawValue) other than \(value)"
        default: "not so"
        }
    }

    /// One element's property (spec/08 §2.4.4).
    private mutating func test(
        _ predicate: JourneyPredicate, _ element: ShownElement, member: String?, _ view: CheckView
    ) -> Verdict {
        switch predicate {
        case .shown:
            return .held
        case .disabled:
            return element.disabled ? .held : .failed("expected \(element.id) disabled, found it enabled")
        case .enabled:
            return element.disabled ? .failed("expected \(element.id) enabled, found it disabled") : .held
        case .contains(let value):
            return matches(value, texts: element.texts, exact: false, element: element, member: member, view)
        case .field(let field, let value):
            let text: String? =
                switch field {
                case .title: element.title ?? element.text ?? element.label
                case .caption: element.caption
                case .label: element.label ?? element.title
                }
            guard let text else { return .failed("expected \(element.id) to have a \(field.rawValue), found none") }
            let verdict = matches(value, texts: [text], exact: true, element: element, member: member, view)
            if case .failed(let why) = verdict {
                return .failed("expected \(element.id)'s \(field.rawValue) to be " + why.dropping(prefix: "expected "))
            }
            return verdict
        case .spinner(let mention):
            guard let mention else {
                // The referent's own spinner: a Pubky Choice row's lookup spinner; no other is known.
                guard element.spinner != nil || element.id.hasPrefix("PubkyChoiceRing_") else {
                    return .eyes("a spinner of \(element.id) (no id known for it)")
                }
                return element.spinner != nil ? .held : .failed("expected \(element.id) to show a spinner, found none")
            }
            let rowKey = member ?? key(of: element, view)
            switch expand(mention, member: rowKey) {
            case .unresolved(let why): return .failed(why)
            case .members(let list):
                let shown = list.contains { !finder.all($0.mention, app: view.app, on: view.screen).isEmpty }
                return shown ? .held : .failed("expected a spinner \(mention.value), found none")
            case .single(let concrete):
                if !finder.all(concrete, app: view.app, on: view.screen).isEmpty { return .held }
                if let missing = unmodelled(concrete, app: view.app) { return .unmodelled(missing) }
                return .failed("expected the spinner \(concrete.value), found none")
            }
        case .avatar:
            if platformIsAndroid, !finder.all(.testTag("PubkyContactAvatar"), app: view.app, on: view.screen).isEmpty {
                return .held
            }
            return .eyes("\(element.id)'s avatar (an image; the simulator draws none)")
        case .missingFromTargets:
            return element.disabled ? .held : .failed("expected \(element.id) missing from Targets, found it")
        case .unsigned:
            let text = element.texts.first ?? ""
            return text.first.map { "+-\u{2212}".contains($0) } == true
                ? .failed("expected \(element.id) unsigned, found \"\(text)\"") : .held
        case .unchanged, .reappeared:
            return .held
        case .needsEyes(let what):
            return .eyes(what)
        }
    }

    /// A value compared with texts: contained (`shows`, `reads`) or equal (a field), derived from the
    /// element's key where it is one of `its …`.
    private mutating func matches(
        _ value: JourneyValue, texts: [String], exact: Bool, element: ShownElement?, member: String?, _ view: CheckView
    ) -> Verdict {
        let shown = texts.map(Self.normalised)
        func compare(_ wanted: String, caseSensitive: Bool = true) -> Bool {
            let target = Self.normalised(wanted)
            return shown.contains { text in
                let (a, b) = caseSensitive ? (text, target) : (text.lowercased(), target.lowercased())
                return exact ? a == b : a.contains(b)
            }
        }
        let found = texts.map { "\"\($0)\"" }.joined(separator: ", ")
        let rowKey = member ?? element.flatMap { key(of: $0, view) }
        switch value {
        case .text(let text):
            return compare(text) ? .held : .failed("expected \"\(text)\", found \(found)")
        case .key:
            guard let rowKey else { return .failed("expected a key, but \(element?.id ?? "it") stands for none") }
            return compare(rowKey) ? .held : .failed("expected its key \(rowKey), found \(found)")
        case .truncatedKey(let upper):
            guard let rowKey else {
                return .failed("expected a truncated key, but \(element?.id ?? "it") stands for no key")
            }
            let truncated = PubkyKey.bitkitTruncated(rowKey)
            let held = upper ? compare(truncated.uppercased()) : compare(truncated, caseSensitive: false)
            return held ? .held : .failed("expected \(upper ? truncated.uppercased() : truncated), found \(found)")
        case .publishedName:
            guard let rowKey else {
                return .failed("expected a published name, but \(element?.id ?? "it") stands for no key")
            }
            guard let name = facts.publishedName(of: rowKey, &script) else {
                return .failed("expected the published name of \(PubkyKey.bitkitTruncated(rowKey)), but it has none")
            }
            return compare(name) ? .held : .failed("expected the published name \"\(name)\", found \(found)")
        case .savedContact(let which):
            let contacts = facts.contacts(&script)
            let issuer = facts.issuerKey(world: script.world)
            let contact =
                which == "issuer" || which == "fixture"
                ? contacts.first { WorldFacts.bare($0.pubky) == issuer }
                : contacts.first { which.isEmpty || $0.name.lowercased() == which.lowercased() }
            guard let contact else { return .failed("expected the saved \(which) contact, but Bitkit has none") }
            return compare(contact.name)
                ? .held : .failed("expected the saved contact's name \"\(contact.name)\", found \(found)")
        case .sats(let digits):
            let held = texts.contains { $0.lowercased().contains("sat") && $0.filter(\.isNumber) == digits }
            return held ? .held : .failed("expected \(digits) sats, found \(found)")
        case .noted(let noun):
            guard let noted = memory.noted(noun) else { return .failed("nothing was noted as \(noun)") }
            return compare(noted) ? .held : .failed("expected the noted \(noun) \"\(noted)\", found \(found)")
        }
    }

    private func describe(_ value: JourneyValue) -> String {
        switch value {
        case .text(let text): "\"\(text)\""
        case .key: "its key"
        case .truncatedKey(let upper): upper ? "its truncated key in capitals" : "its truncated key"
        case .publishedName: "its published name"
        case .savedContact(let which): "the saved \(which) contact"
        case .sats(let digits): "\(digits) sats"
        case .noted(let noun): "the noted \(noun)"
        }
    }

    private mutating func screenClaim(_ claim: JourneyClaim, _ view: CheckView) -> Verdict {
        switch claim.predicate {
        case .contains(let value):
            let verdict = matches(
                value, texts: ElementFinder.texts(of: view.screen), exact: false, element: nil, member: nil, view)
            if claim.negative {
                if case .held = verdict {
                    return .failed("expected no \(describe(value)), found it on \(view.screen.route)")
                }
                return .held
            }
            if case .failed = verdict {
                return .failed("expected the text \(describe(value)), found \(ElementFinder.summary(of: view.screen))")
            }
            return verdict
        case .unchanged(let effects):
            guard let before = beforeLastTap else { return .failed("no tap before this check to compare with") }
            let now = script.lastScreen[view.app.rawValue].map(Self.fingerprint) ?? Data()
            if now != before.fingerprint {
                return .failed("expected nothing to change, found \(ElementFinder.summary(of: view.screen))")
            }
            for effect in effects {
                let lower = effect.lowercased()
                if lower.contains("adoption") || lower.contains("sign-in") {
                    guard let adoptions = before.adoptions else { return .eyes(effect) }
                    let count = adoptionCount()
                    if count != adoptions {
                        return .failed("expected \(effect), found \(count - adoptions) more adoption(s)")
                    }
                } else if lower.contains("toast") {
                    if !view.screen.toasts.isEmpty {
                        return .failed("expected \(effect), found \(view.screen.toasts.map(\.text))")
                    }
                } else {
                    return .eyes(effect)
                }
            }
            return .held
        case .needsEyes(let what):
            return .eyes(what)
        default:
            return claim.negative ? .failed("expected nothing, found the screen") : .held
        }
    }

    private func placeClaim(_ name: String, _ claim: JourneyClaim, _ view: CheckView) -> Verdict {
        guard let place = JourneyPlaces.place(withName: name) else { return .failed("no place \(name)") }
        let screens = place.shownAs[view.app] ?? []
        let shown = screens.contains { shownAs in
            shownAs.hasPrefix("sheet:")
                ? view.screen.sheet?.id == String(shownAs.dropFirst(6))
                    || view.screen.elements.contains { $0.id == String(shownAs.dropFirst(6)) }
                    || view.screen.sheet?.elements.contains { $0.id == String(shownAs.dropFirst(6)) } == true
                : view.screen.route == shownAs
        }
        if shown != claim.negative { return .held }
        let showing = view.screen.route + (view.screen.sheet.map { " with the sheet \($0.id)" } ?? "")
        return .failed(claim.negative ? "expected \(name) gone, found it" : "expected \(name), found \(showing)")
    }

    // MARK: Referents

    /// The rows a referent picks on the screen (none shown, or no antecedent: what failed).
    mutating func resolve(
        _ referent: JourneyReferent, within: ElementMention?, _ view: CheckView
    ) -> Result<[ShownElement], ReferentFailure> {
        switch referent {
        case .focus, .lastTap, .lastPlural:
            let identities: [JourneyMemory.Identity] =
                switch referent {
                case .focus: memory.focus
                case .lastTap: [memory.lastTap].compactMap { $0 }
                default: memory.lastPlural
                }
            guard !identities.isEmpty else {
                return .failure(ReferentFailure(.failed("\(Self.name(of: referent)) has no antecedent")))
            }
            let all = ShownElement.all(on: view.screen)
            let found = identities.compactMap { identity in
                all.first { identity.matches($0, key: key(of: $0, view)) }
            }
            guard !found.isEmpty else {
                return .failure(
                    ReferentFailure(
                        .failed(
                            "expected \(identities.map(\.id).joined(separator: ", ")), found \(ElementFinder.summary(of: view.screen))"
                        )))
            }
            return .success(found)
        default:
            break
        }
        let candidates: [ShownElement]
        switch candidatesFor(within, view) {
        case .failure(let why): return .failure(why)
        case .success(let found): candidates = found
        }
        switch referent {
        case .ordinal(let number):
            // `the second row (id "…")`: a unique id decides; among a shared id's elements, the order does.
            if within != nil, candidates.count == 1 { return .success(candidates) }
            let index = number < 0 ? candidates.count + number : number - 1
            guard candidates.indices.contains(index) else {
                return .failure(
                    ReferentFailure(.failed("expected \(Self.name(of: referent)), found \(candidates.count) row(s)")))
            }
            return .success([candidates[index]])
        case .forKey(let written):
            var key = written
            if written.hasPrefix("<"), written.hasSuffix(">") {
                let name = String(written.dropFirst().dropLast())
                binder.resolve(written, issuerAction: false, facts: &facts, script: &script)
                switch binder.value(name) {
                case .scalar(let value)?: key = value
                case .set(let members)? where members.count == 1: key = members[0]
                case .set?: return .failure(ReferentFailure(.failed("\(written) is a set: no one row is meant")))
                case .unresolved(let why)?: return .failure(ReferentFailure(.failed("\(written) has no value: \(why)")))
                case nil: return .failure(ReferentFailure(.failed("nothing binds \(written)")))
                }
            }
            let bare = WorldFacts.bare(key)
            let found = candidates.filter { self.key(of: $0, view) == bare }
            guard found.count == 1 else {
                return .failure(
                    ReferentFailure(
                        .failed(
                            "expected one row for \(PubkyKey.bitkitTruncated(bare).uppercased()), found \(found.count)")
                    ))
            }
            return .success(found)
        case .showing(let text):
            let found = candidates.filter { $0.title == text || $0.caption == text }
            guard !found.isEmpty else {
                return .failure(ReferentFailure(.failed("expected a row showing \"\(text)\", found none")))
            }
            return .success([found[0]])
        case .different:
            // The first row that is not the last tap (without one, not the single focus).
            let excluded = memory.lastTap.map { [$0] } ?? (memory.focus.count == 1 ? memory.focus : [])
            let rest = candidates.filter { candidate in
                !excluded.contains { $0.matches(candidate, key: key(of: candidate, view)) }
            }
            guard let first = rest.first else {
                return .failure(ReferentFailure(.failed("expected another row, found none")))
            }
            return .success([first])
        case .firstWhose(let filter):
            for candidate in candidates {
                switch filterHolds(filter, key: key(of: candidate, view), view) {
                case .held: return .success([candidate])
                case .eyes(let why): return .failure(ReferentFailure(.eyes(why)))
                default: continue
                }
            }
            return .failure(ReferentFailure(.failed("expected a row whose property holds, found none")))
        case .focus, .lastTap, .lastPlural:
            return .success([])
        }
    }

    /// Why a referent could not be found, as the claim's verdict.
    struct ReferentFailure: Error {
        var verdict: Verdict
        init(_ verdict: Verdict) { self.verdict = verdict }
    }

    /// The elements a row phrase ranges over: those of the mention (every member's for a set), else the
    /// screen's identified rows.
    private mutating func candidatesFor(
        _ within: ElementMention?, _ view: CheckView
    ) -> Result<[ShownElement], ReferentFailure> {
        guard let within else { return .success(ShownElement.rows(on: view.screen)) }
        switch expand(within) {
        case .unresolved(let why): return .failure(ReferentFailure(.failed(why)))
        case .single(let concrete):
            let found = finder.all(concrete, app: view.app, on: view.screen)
            if found.isEmpty, let missing = unmodelled(concrete, app: view.app) {
                return .failure(ReferentFailure(.unmodelled(missing)))
            }
            return .success(found)
        case .members(let list):
            return .success(list.flatMap { finder.all($0.mention, app: view.app, on: view.screen) })
        }
    }

    private static func name(of referent: JourneyReferent) -> String {
        switch referent {
        case .focus: "it"
        case .lastTap: "the tapped row"
        case .lastPlural: "those rows"
        case .ordinal(let number): number < 0 ? "the last row" : "row \(number)"
        case .forKey(let key): "the row for \(key)"
        case .showing(let text): "the row showing \"\(text)\""
        case .different: "another row"
        case .firstWhose: "the first row whose property holds"
        }
    }

    // MARK: Row facts

    /// `whose P`, read from the world (or the snapshot's moment).
    private mutating func filterHolds(_ filter: JourneyRowFilter, key: String?, _ view: CheckView) -> Verdict {
        guard let key else { return .failed("the row stands for no key") }
        let choice = (view.state ?? facts.bitkitState(&script))?["choice"] as? [String: Any]
        switch filter {
        case .lookupRunning(let running):
            let lookingUp = (choice?["lookingUp"] as? [String] ?? []).map(WorldFacts.bare)
            return lookingUp.contains(key) == running ? .held : .failed("")
        case .nameNotArrived:
            let found = (choice?["found"] as? [String] ?? []).map(WorldFacts.bare)
            return found.contains(key) ? .failed("") : .held
        case .noPublishedName(let none):
            return (facts.publishedName(of: key, &script) == nil) == none ? .held : .failed("")
        case .other(let text):
            return .eyes("rows whose \(text)")
        }
    }

    /// The key a row stands for: in its id on iOS; on Android, where rows share a testTag and a layout
    /// dump shows no other id, by its key caption among Ring's identities and the contacts (§2.4.8).
    mutating func key(of element: ShownElement, _ view: CheckView) -> String? {
        if !platformIsAndroid || element.testTag == nil || element.testTag == element.id, let key = element.keyInID {
            return key
        }
        guard element.caption != nil || element.title != nil else { return nil }
        var candidates = facts.ringIdentities(&script) ?? []
        candidates += facts.contacts(&script).map { WorldFacts.bare($0.pubky) }
        return element.key(among: candidates)
    }

    func identity(_ element: ShownElement, _ view: CheckView) -> JourneyMemory.Identity {
        JourneyMemory.Identity(app: view.app, element: element, key: element.keyInID)
    }

    // MARK: Placeholders in ids

    enum Expanded {
        case single(ElementMention)
        case members([(member: String, mention: ElementMention)])
        case unresolved(String)
    }

    /// A mention with its placeholders replaced: a set placeholder gives one mention per member (or the
    /// current `member` of an `each row …` phrase).
    mutating func expand(_ mention: ElementMention, member: String? = nil) -> Expanded {
        let names = JourneyPlaceholders.names(in: mention.value)
        guard !names.isEmpty else { return .single(mention) }
        var value = mention.value
        var setName: String?
        var members: [String] = []
        for name in names {
            if binder.value(name, inID: mention.value) == nil {
                binder.resolve("(id \"\(mention.value)\")", issuerAction: false, facts: &facts, script: &script)
            }
            switch binder.value(name, inID: mention.value) {
            case .scalar(let scalar)?: value = Self.substitute(name, with: scalar, in: value)
            case .set(let values)?:
                if let member {
                    value = Self.substitute(name, with: member, in: value)
                } else {
                    setName = name
                    members = values
                }
            case .unresolved(let why)?: return .unresolved("<\(name)> has no value: \(why)")
            case nil: return .unresolved("nothing binds <\(name)>")
            }
        }
        guard let setName else { return .single(Self.with(mention, value)) }
        return .members(members.map { ($0, Self.with(mention, Self.substitute(setName, with: $0, in: value))) })
    }

    /// `<name>` in an id replaced, a `pubky` prefix dropped inside `PubkyChoiceRing_…`/`…Lookup_…`, added
    /// inside `Contact_…` (spec/08 §2.3).
    static func substitute(_ name: String, with value: String, in id: String) -> String {
        var value = value
        if id.hasPrefix("PubkyChoiceRing_") || id.hasPrefix("PubkyChoiceRingLookup_") {
            value = WorldFacts.bare(value)
        } else if id.hasPrefix("Contact_") {
            value = "pubky" + WorldFacts.bare(value)
            if id.contains("pubky<\(name)>") { value = WorldFacts.bare(value) }
        }
        return id.replacingOccurrences(of: "<\(name)>", with: value)
    }

    static func with(_ mention: ElementMention, _ value: String) -> ElementMention {
        switch mention {
        case .id: .id(value)
        case .identifier: .identifier(value)
        case .testTag: .testTag(value)
        case .testID: .testID(value)
        case .label: .label(value)
        }
    }

    private static func member(_ member: String, _ verdict: Verdict) -> JourneyMemberResult {
        switch verdict {
        case .held: JourneyMemberResult(member: member, held: true)
        case .failed(let why), .eyes(let why), .unmodelled(let why):
            JourneyMemberResult(member: member, held: false, detail: why)
        case .noRowMatches: JourneyMemberResult(member: member, held: true, detail: "no row matches")
        }
    }

    private static func combine(_ verdicts: [Verdict]) -> Verdict {
        if let missing = verdicts.first(where: { if case .unmodelled = $0 { true } else { false } }) { return missing }
        let failures = verdicts.compactMap { if case .failed(let why) = $0 { why } else { nil } }
        if !failures.isEmpty { return .failed(failures.joined(separator: "; ")) }
        if let eyes = verdicts.first(where: { if case .eyes = $0 { true } else { false } }) { return eyes }
        return .held
    }

    // MARK: What the simulator does not model

    /// When `mention` names a Bitkit element the simulated app never shows: what the simulator lacks.
    mutating func unmodelled(_ mention: ElementMention, app target: JourneyApp) -> String? {
        guard target == .bitkit else { return nil }
        let value: String
        switch mention {
        case .id(let written), .identifier(let written), .testTag(let written): value = written
        default: return nil
        }
        guard !value.contains("<") else { return nil }
        if bitkitCatalogue == nil {
            var catalogue: [(id: String, testTag: String?)] = []
            if let result = try? script.launch(.bitkit, ["elements"], background: false), result.status == 0,
                let document = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            {
                catalogue = (document["elements"] as? [[String: Any]] ?? []).compactMap {
                    guard let id = $0["id"] as? String else { return nil }
                    return (id, $0["testTag"] as? String)
                }
            }
            bitkitCatalogue = catalogue
        }
        guard let catalogue = bitkitCatalogue, !catalogue.isEmpty else { return nil }
        // Known on either platform: an iOS id in an Android run (or a testTag in an iOS one) is the wrong
        // identifier for the platform, an element the simulator has; only an unknown one is missing.
        let known = catalogue.contains { entry in
            Self.template(entry.id, matches: value) || entry.testTag.map { Self.template($0, matches: value) } == true
        }
        guard !known else { return nil }
        return "\(value) is not an element of the simulated Bitkit (`bitkit-sim elements`): "
            + Self.feature(of: value) + " is not simulated yet"
    }

    /// `PubkyChoiceRing_<z32>` matches `PubkyChoiceRing_tkrq…`: the literal parts in order.
    static func template(_ template: String, matches value: String) -> Bool {
        guard template.contains("<") else { return template == value }
        var parts: [Substring] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            parts.append(rest[..<open])
            rest = rest[rest.index(after: close)...]
        }
        parts.append(rest)
        var remaining = Substring(value)
        guard let first = parts.first, remaining.hasPrefix(first) else { return false }
        remaining = remaining.dropFirst(first.count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = remaining.firstRange(of: part) else { return false }
            remaining = remaining[range.upperBound...]
        }
        return remaining.hasSuffix(parts.last ?? "") && !remaining.isEmpty
    }

    /// The feature an unknown Bitkit id belongs to, for the report.
    static func feature(of id: String) -> String {
        if id.hasPrefix("ContactImport") { return "contact import (spec/09)" }
        if id.hasPrefix("Contact") || id.hasPrefix("AddContact") || id.hasPrefix("RequestOrPay") {
            return "the contact screens (spec/09)"
        }
        if id.hasPrefix("PubkyAuthWatchOnly") || id.hasPrefix("PubkyAuthUsdt") || id.hasPrefix("PubkyAuthBitcoin") {
            return "the watch-only approval and its claims"
        }
        if id.hasPrefix("Profile") { return "this part of Profile (spec/08 §3.2, §3.4)" }
        return "that element"
    }
}

extension String {
    /// The text without `prefix` when it starts with it.
    fileprivate func dropping(prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
