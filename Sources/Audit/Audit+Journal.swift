import ContractNames
import Simulation

/// The journal's own truth on iOS: the audit's other checks read the neutral `sharing` events, so
/// every call an app makes on the shared keychain group must be journalled by one, saying what the
/// keychain answered — a missing or wrong sharing event would blind them.
extension Audit {
    /// One keychain call of an app on the shared group, waiting for the sharing event that made it.
    private struct Call {
        var entry: JournalEntry
        var op: String { entry.op ?? "" }
        var isList: Bool { op == "copy" && entry.account == nil }
        var status: Int32 { entry.status ?? 0 }
    }

    static let notFound: Int32 = -25300

    /// Every shared-group keychain call of an app is claimed by a later sharing event of the same
    /// run that names it, and each sharing event's result and records are what its calls' statuses
    /// give (spec/01 §10, §11): done only after a successful write, absent only after a not-found,
    /// a withdrawal's records exactly the deletes that removed something. A run the journal shows
    /// paused at a breakpoint and never resumed was cut off mid-call (killed while paused, or paused
    /// still): its calls still waiting for their event are not a mismatch, since it never got to
    /// journal one; a run that went on past its pause is held to every call.
    static func checkSharingEventsMatchCalls(_ entries: [JournalEntry]) -> [AuditViolation] {
        var pending: [JournalEntry.RunID: [Call]] = [:]
        var cutOff: Set<JournalEntry.RunID> = []
        var violations: [AuditViolation] = []
        func violation(_ message: String, _ evidence: [JournalEntry]) {
            violations.append(AuditViolation(.sharingEventsMatchCalls, message, evidence: evidence))
        }
        for entry in entries where AppKind(rawValue: entry.app) != nil {
            if case .breakpoint(let op) = entry.kind {
                // A `killed` entry is the killer's: the run it names stays cut off.
                if op == .paused { cutOff.insert(entry.runID) } else if op == .resumed { cutOff.remove(entry.runID) }
                continue
            }
            if case .keychain = entry.kind, touchesSharedGroup(entry) {
                pending[entry.runID, default: []].append(Call(entry: entry))
                continue
            }
            guard case .sharing(let op) = entry.kind, op != .inject else { continue }
            var calls = pending[entry.runID] ?? []
            let claimed = claim(op, entry, from: &calls)
            pending[entry.runID] = calls
            if op != .remove, claimed.isEmpty {
                violation(
                    "\(entry.app) journalled a sharing \(op.rawValue) of \(entry.account ?? "the group") without a keychain call",
                    [entry])
                continue
            }
            if let problem = disagreement(op, entry, claimed) {
                violation("\(entry.app)'s sharing \(op.rawValue) \(problem)", [entry] + claimed.map(\.entry))
            }
        }
        for (run, calls) in pending.sorted(by: { ($0.key.pid, $0.key.run) < ($1.key.pid, $1.key.run) })
        where !cutOff.contains(run) {
            for call in calls {
                violation(
                    "\(call.entry.app)'s keychain \(call.op) of \(call.entry.account ?? "the whole group") on the shared group is journalled by no sharing event",
                    [call.entry])
            }
        }
        return violations
    }

    /// A listing of the shared group returns attributes only; a secret is read one account at a
    /// time (spec/01 §3 rule 3, §10, §11).
    static func checkListingsReturnAttributesOnly(_ entries: [JournalEntry]) -> [AuditViolation] {
        entries.filter { entry in
            guard AppKind(rawValue: entry.app) != nil, entry.kind == .keychain(.copy), touchesSharedGroup(entry) else {
                return false
            }
            return entry.account == nil && entry.requestedData == true
        }.map {
            AuditViolation(
                .listingsReturnAttributesOnly, "\($0.app) listed the shared group asking for every item's secret",
                evidence: [$0])
        }
    }

    static func touchesSharedGroup(_ entry: JournalEntry) -> Bool {
        entry.group == SharedContract.accessGroup || (entry.removedFrom ?? []).contains(SharedContract.accessGroup)
    }

    /// The pending calls `op` accounts for, taken out of `calls`.
    private static func claim(_ op: SharingOp, _ event: JournalEntry, from calls: inout [Call]) -> [Call] {
        let account = event.account
        let claims: (Call) -> Bool
        switch op {
        case .list: claims = { $0.isList }
        case .credential: claims = { $0.op == "copy" && $0.entry.account == account && $0.entry.requestedData == true }
        case .presence: claims = { $0.op == "copy" && $0.entry.account == account && $0.entry.requestedData != true }
        case .offer: claims = { ["add", "update", "delete"].contains($0.op) && $0.entry.account == account }
        case .withdraw: claims = { $0.op == "delete" && $0.entry.account == account }
        case .withdrawAll: claims = { $0.isList || ($0.op == "delete" && $0.entry.group == SharedContract.accessGroup) }
        case .remove: claims = { $0.op == "delete" && $0.entry.group != SharedContract.accessGroup }
        case .inject: claims = { _ in false }
        }
        let taken = calls.filter(claims)
        calls.removeAll(where: claims)
        return taken
    }

    /// Why the event's result or records are not what its calls' statuses give; nil when they are.
    private static func disagreement(_ op: SharingOp, _ event: JournalEntry, _ calls: [Call]) -> String? {
        let result = event.result.flatMap(SharingResult.init(rawValue:))
        let records = event.records ?? []
        func expect(_ wanted: SharingResult...) -> String? {
            guard let result, wanted.contains(result) else {
                return
                    "reported \(event.result ?? "no result") where the keychain's statuses give \(wanted.map(\.rawValue).joined(separator: " or "))"
            }
            return nil
        }
        switch op {
        case .list:
            guard let call = calls.last else { return nil }
            return call.status == 0 || call.status == notFound ? expect(.listed) : expect(.unknown)
        case .credential, .presence:
            guard let call = calls.last else { return nil }
            if call.status == notFound { return expect(.absent) }
            if call.status != 0 { return expect(.unknown) }
            return op == .presence ? expect(.found) : expect(.found, .unknown)
        case .offer:
            guard let write = calls.last(where: { $0.op == "add" || $0.op == "update" }) else {
                return "reported without an add or update of its record"
            }
            let done = write.status == 0
            if let wrong = done ? expect(.done) : expect(.failed) { return wrong }
            return records == (done ? [event.account ?? ""] : [])
                ? nil : "named records \(records) after a write with status \(write.status)"
        case .withdraw:
            guard let delete = calls.last else { return nil }
            if let wrong = delete.status == 0 || delete.status == notFound ? expect(.done) : expect(.failed) {
                return wrong
            }
            return records == (delete.status == 0 ? [event.account ?? ""] : [])
                ? nil : "named records \(records) after a delete with status \(delete.status)"
        case .withdrawAll:
            let listing = calls.first(where: \.isList)
            let deletes = calls.filter { $0.op == "delete" }
            if let listing, listing.status != 0 {
                let wrong = listing.status == notFound ? expect(.done) : expect(.failed)
                return wrong ?? (records.isEmpty && deletes.isEmpty ? nil : "removed records after a failed listing")
            }
            let removed = deletes.filter { $0.status == 0 }.compactMap(\.entry.account)
            let failed = deletes.contains { $0.status != 0 && $0.status != notFound }
            if let wrong = failed ? expect(.failed) : expect(.done) { return wrong }
            return records == removed ? nil : "named records \(records) where the deletes removed \(removed)"
        case .remove, .inject:
            return nil
        }
    }
}
