import AppSupport
import Foundation
import Journeys
import Scenarios

/// Waits on the simulated clock, captures, notes, timings and the world's actors (spec/08 §2.4.7,
/// §2.4.9, §2.4.10).
extension JourneyEvaluation {
    // MARK: Time

    /// A check repeated while it fails, the device clock advanced 1 s (and due work run) between tries,
    /// up to `limit` seconds; the limit reached: did not hold, with what failed and the seconds waited.
    mutating func wait(for check: JourneyCheck, limit: Int, app target: JourneyApp) throws -> Outcome {
        var outcome = try evaluateCheck(check, app: target)
        var waited = 0
        while outcome.status == .didNotHold || outcome.noRowMatches, waited < limit {
            try advance(1, app: target)
            waited += 1
            outcome = try evaluateCheck(check, app: target)
        }
        if outcome.status == .held, waited > 0 { outcome.detail = "after \(waited) s" }
        if outcome.status == .didNotHold { outcome.detail = "after \(waited) s: " + (outcome.detail ?? "") }
        return outcome
    }

    /// `Wait for <process> to finish`: until Bitkit has none in flight.
    mutating func wait(for process: JourneyProcess, limit: Int) throws -> Outcome {
        var waited = 0
        while facts.running(process, &script), waited < limit {
            try advance(1, app: .bitkit)
            waited += 1
        }
        if facts.running(process, &script) {
            return .failed("\(process.rawValue) still in flight after \(waited) s")
        }
        return .held(waited > 0 ? "after \(waited) s" : "none in flight")
    }

    /// Advances the device clock one second at a time, letting due work run after each: held setup work
    /// whose time has come, and one Paykit sync of a signed-in Bitkit with saved contacts. The app's
    /// screen is rendered again afterwards.
    mutating func advance(_ seconds: Int, app target: JourneyApp) throws {
        for _ in 0..<seconds {
            try simctl(["device", "clock", "advance", "1"])
            try releaseDueWork()
            if target == .bitkit, paykitSyncIsDue() {
                try act(.bitkit, ["requests", "sync"], source: "requests sync (due background work)")
            }
        }
        facts.forgetAll()
        if script.lastScreen[target.rawValue] != nil || seconds > 0 { try render(target) }
    }

    /// Bitkit syncs its Paykit requests in the background while signed in with the Paykit UI on and a
    /// contact to read from.
    private mutating func paykitSyncIsDue() -> Bool {
        guard let state = facts.bitkitState(&script), state["running"] as? Bool == true,
            state["paykitUI"] as? Bool == true,
            (state["identity"] as? [String: Any])?["authState"] as? String == "authenticated"
        else { return false }
        return !facts.contacts(&script).isEmpty
    }

    /// Held setup work (`STEP &` paused at a breakpoint) continues once the journey has run
    /// `releaseHeldAfter` simulated seconds: the breakpoints are cleared, the paused apps continue, their
    /// steps finish and their screens become the apps' last.
    mutating func releaseDueWork() throws {
        guard let releaseHeldAfter, !script.background.isEmpty else { return }
        let now = clockMs()
        if journeyStartMs == nil { journeyStartMs = now }
        guard let now, let start = journeyStartMs, now - start >= releaseHeldAfter * 1000 else { return }
        try simctl(["break", "clear"])
        let apps = Set(script.background.compactMap { ScriptRun.tool(of: $0.step).appName })
        for app in apps.sorted() { _ = try? script.launch(.simctl, ["continue", app], background: false) }
        try script.waitForBackground()
        facts.forgetAll()
    }

    /// The device clock, in milliseconds since the world began.
    mutating func clockMs() -> Int? {
        guard let result = try? script.launch(.simctl, ["device", "status"], background: false), result.status == 0,
            let document = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        else { return nil }
        return document["clockElapsedMs"] as? Int
    }

    /// Ends what the setup left held (breakpoints cleared, paused apps continued) so no process outlives
    /// the journey.
    mutating func finishHeldWork() {
        guard !script.background.isEmpty else { return }
        _ = try? script.launch(.simctl, ["break", "clear"], background: false)
        for app in ["bitkit", "ring"] { _ = try? script.launch(.simctl, ["continue", app], background: false) }
        try? script.waitForBackground()
    }

    // MARK: Records

    /// `Take a snapshot`: the current screen and Bitkit's process states of this moment; no clock change.
    mutating func capture(_ kinds: [String], app target: JourneyApp) throws -> Outcome {
        let screen = try current(target)
        let state = facts.bitkitState(&script)
        memory.snapshots.append(JourneyMemory.Snapshot(app: target, screen: screen, bitkitState: state, kinds: kinds))
        return .held("recorded \(kinds.joined(separator: " and ")) of \(screen.app) \(screen.route)")
    }

    /// `Note the <noun> [(id X)]`: the element's text, `the number of <rows>` a count, `the time` the clock.
    mutating func note(_ noun: String, from mention: ElementMention?, app target: JourneyApp) throws -> Outcome {
        let screen = try current(target)
        var value: String?
        if noun.hasPrefix("number of") || noun.hasPrefix("count of") {
            let counted =
                mention.map { finder.all($0, app: target, on: screen) } ?? ShownElement.rows(on: screen)
            value = String(counted.count)
        } else if noun == "time" || noun.hasSuffix(" time") || noun == "clock" {
            value = facts.deviceClock(&script)
        } else if let mention {
            value = finder.find(mention, showing: nil, app: target, on: screen).flatMap {
                $0.text ?? $0.title ?? $0.label
            }
        } else if let focus = memory.focus.first,
            let element = ShownElement.all(on: screen).first(where: { focus.matches($0, key: $0.keyInID) })
        {
            value = noun.contains("caption") ? element.caption : element.title ?? element.text ?? element.label
        }
        guard let value else { return .failed("nothing to note as \(noun) on \(ElementFinder.summary(of: screen))") }
        memory.notes[noun.lowercased()] = value
        return .held("noted \(noun): \(value)")
    }

    /// `Report how long <event> takes`: the simulated time it took in the journal, never a failure.
    mutating func reportDuration(_ event: String) -> Outcome {
        let entries = facts.journal(&script)
        func clock(_ entry: [String: Any]) -> Int { entry["clock"] as? Int ?? 0 }
        func end(_ entry: [String: Any]) -> Int { clock(entry) + ((entry["latency"] as? Int) ?? 0) }
        var took: Int?
        switch JourneyProcess(named: event) {
        case .lookups?:
            if let start = entries.lastIndex(where: { $0["op"] as? String == "bitkit.choice.before-profile-fetch" }) {
                // Its requests, held or not, up to what the app did next.
                let requests = entries[(start + 1)...].prefix {
                    ["backend", "keychain", "breakpoint"].contains($0["event"] as? String ?? "")
                }.filter { $0["event"] as? String == "backend" }
                if let last = requests.map(end).max() { took = last - clock(entries[start]) }
            }
        case .adoption?:
            if let start = entries.lastIndex(where: { $0["op"] as? String == "bitkit.pick.before-read" }),
                let done = entries[start...].first(where: {
                    $0["event"] as? String == "identity" || $0["event"] as? String == "toast"
                })
            {
                took = clock(done) - clock(entries[start])
            }
        default:
            break
        }
        guard let took else { return .held("not observed") }
        let seconds = Double(took) / 1000
        return .held("took \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s (simulated)")
    }

    /// How many adoptions Bitkit has started (its `bitkit.pick.before-read` checkpoints in the journal).
    mutating func adoptionCount() -> Int {
        facts.journal(&script).filter { $0["op"] as? String == "bitkit.pick.before-read" }.count
    }

    // MARK: The world's actors and preconditions

    /// A clause of `Launch <app> with …`: a world precondition, met (held), unmet (not performable) or
    /// unknown (needs a person).
    mutating func precondition(_ clause: String) -> Outcome {
        let lower = clause.lowercased()
        let state = facts.bitkitState(&script)
        let negative = lower.contains(#/\b(?:off|disabled|no|without|not)\b/#)
        func met(_ holds: Bool, _ what: String) -> Outcome {
            holds ? .held("met: \(what)") : .notPerformable("the world does not meet \"\(clause)\": \(what)")
        }
        if lower.contains("paykit") {
            let on = state?["paykitUI"] as? Bool ?? false
            return met(on != negative, "the Paykit UI is \(on ? "on" : "off")")
        }
        if lower.contains("intro") {
            let seen = state?["profileIntroSeen"] as? Bool ?? false
            return met(seen != negative, "the profile intro is \(seen ? "" : "not ")seen")
        }
        if lower.contains("contact") {
            let contacts = facts.contacts(&script)
            let path = lower.firstMatch(of: #/([a-z]+\/(?:server|wallet))/#).map { String($0.output.1) }
            let name = clause.firstMatch(of: #/"([^"]+)"/#).map { String($0.output.1) }
            let found = contacts.contains { contact in
                (path.map { contact.path == $0 } ?? true) && (name.map { contact.name == $0 } ?? true)
            }
            return met(found != negative, "\(contacts.count) saved contact(s)")
        }
        if lower.contains(#/\b(?:funds|funded|balance|sats|money)\b/#) {
            let funds = facts.requestsState(&script)?["funds"] as? [String: Any]
            let total = (funds?["onchainSats"] as? Int ?? 0) + (funds?["lightningSats"] as? Int ?? 0)
            let needed = Int(lower.filter(\.isNumber)) ?? 1
            return met((total >= needed) != negative, "\(total) sats")
        }
        if lower.contains("wallet") {
            let wallet = state?["wallet"] as? Bool ?? false
            return met(wallet != negative, wallet ? "a wallet" : "no wallet")
        }
        if lower.contains(#/\b(?:identity|profile|pubky|signed\s+in)\b/#) {
            let kind = (state?["identity"] as? [String: Any])?["kind"] as? String ?? "NONE"
            return met((kind != "NONE") != negative, "identity \(kind)")
        }
        return Outcome(status: .person, detail: "a precondition the runner cannot check: \(clause)")
    }

    /// `Have the issuer …`: the issuer's command, then one Paykit sync of Bitkit.
    mutating func issuer(_ arguments: [String]) throws -> Outcome {
        guard facts.issuerKey(world: script.world) != nil else {
            return Outcome(status: .notPerformable, detail: "the world has no issuer (simctl issuer setup)", app: "sim")
        }
        try simctl(["issuer"] + arguments)
        var outcome = try act(.bitkit, ["requests", "sync"], source: "requests sync")
        if outcome.status == .held { outcome.detail = "then one Paykit sync" }
        return outcome
    }
}
