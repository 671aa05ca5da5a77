import AppRuntime
import Audit
import ContractNames
import Device
import Foundation
import IdentitySharing
import Keychain
import Platforms
import Simulation
import Testing
import WorldFiles

/// The journal's own truth on iOS: every shared-group call an app makes is journalled by a sharing
/// event that reports what the keychain answered, and listings never read secrets.
@Suite struct AuditJournalTests: AuditWorld {
    let world: World

    init() throws { world = try Self.makeWorld() }

    func fault(_ app: AppKind, _ operation: KeychainOperation, status: OSStatus, count: Int? = nil) throws {
        try DeviceStore(world: world).update {
            $0.faults.append(
                FaultRule(
                    id: $0.faults.count + 1, app: app, operation: operation, account: "*", status: status,
                    remaining: count))
        }
    }

    func violations(_ invariant: AuditInvariant) throws -> [AuditViolation] {
        try Audit(world: world).run().violations.filter { $0.invariant == invariant }
    }

    func record(_ app: AppKind, _ entry: JournalEntry, run: RunContext) {
        AppEnvironment(world: world, app: app, run: run).record(entry)
    }

    @Test func everyExchangeCallJournalsWhatTheKeychainAnsweredEvenWhenItFails() throws {
        let ring = SharedIdentity(pubky: a, sourceApp: SharedContract.ringSourceApp)
        let bitkit = SharedIdentity(pubky: w, sourceApp: "to.bitkit.dev")
        #expect(try sharing(.ring).offer(pubky: a, secret: aSecret, between: {}) == .done)
        #expect(try sharing(.bitkit).offer(pubky: w, secret: wSecret, between: {}) == .done)
        #expect(try sharing(.bitkit).offer(pubky: w, secret: wSecret, between: {}) == .done)  // the update path
        _ = try sharing(.bitkit).listPeers()
        _ = try sharing(.ring).listPeers()
        _ = try sharing(.bitkit).readSecret(ring)
        _ = try sharing(.ring).readSecret(bitkit)
        _ = try sharing(.bitkit).presence(of: ring)
        // Each call once more with the keychain failing, and the not-found answers.
        for operation in [KeychainOperation.read, .list, .write, .delete] {
            try fault(.bitkit, operation, status: .interactionNotAllowed)
            try fault(.ring, operation, status: .interactionNotAllowed)
        }
        _ = try sharing(.bitkit).listPeers()
        _ = try sharing(.ring).listPeers()
        _ = try sharing(.bitkit).readSecret(ring)
        _ = try sharing(.ring).readSecret(bitkit)
        _ = try sharing(.bitkit).presence(of: ring)
        _ = try sharing(.ring).offer(pubky: a, secret: aSecret, between: {})
        _ = try sharing(.bitkit).offer(pubky: w, secret: wSecret, between: {})
        _ = try sharing(.ring).withdraw(pubky: a)
        _ = try sharing(.bitkit).withdraw(pubky: w)
        _ = try sharing(.ring).withdrawAll { _ in }
        _ = try sharing(.bitkit).withdrawAll { _ in }
        try DeviceStore(world: world).update { $0.faults = [] }
        try fault(.ring, .delete, status: .interactionNotAllowed, count: 1)
        _ = try sharing(.ring).withdrawAll { _ in }
        _ = try sharing(.ring).withdrawAll { _ in }
        _ = try sharing(.bitkit).withdraw(pubky: w)
        _ = try sharing(.bitkit).withdraw(pubky: w)
        _ = try sharing(.bitkit).withdrawAll { _ in }
        _ = try sharing(.bitkit).presence(of: ring)
        _ = try sharing(.bitkit).readSecret(ring)
        #expect(try Audit(world: world).run().violations.isEmpty)
    }

    @Test func aSharedCallNoSharingEventJournalsIsCaught() throws {
        #expect(try sharing(.ring).offer(pubky: a, secret: aSecret, between: {}) == .done)
        let status = try keychain(.ring, run: .standalone).delete(
            KeychainQuery(
                service: SharedContract.service, account: "app.pubkyring:\(a)", accessGroup: SharedContract.accessGroup)
        )
        #expect(status == .success)
        let found = try violations(.sharingEventsMatchCalls)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("journalled by no sharing event") == true)
    }

    /// Deletes ring's shared record in `run`, paused at a breakpoint before its sharing event, and
    /// resumed from it when `resumed`; no sharing event follows either way.
    func deleteCutOffAtABreakpoint(resumed: Bool) throws {
        #expect(try sharing(.ring).offer(pubky: a, secret: aSecret, between: {}) == .done)
        let run = RunContext.standalone
        let status = try keychain(.ring, run: run).delete(
            KeychainQuery(
                service: SharedContract.service, account: "app.pubkyring:\(a)", accessGroup: SharedContract.accessGroup)
        )
        #expect(status == .success)
        let checkpoint = "ring.setOwned.between-delete-and-add"
        record(.ring, JournalEntry(app: "ring", kind: .breakpoint(.paused), detail: checkpoint), run: run)
        if resumed {
            record(.ring, JournalEntry(app: "ring", kind: .breakpoint(.resumed), detail: checkpoint), run: run)
        }
    }

    @Test func aCallOfAProcessKilledWhilePausedBeforeItsSharingEventIsNoMismatch() throws {
        try deleteCutOffAtABreakpoint(resumed: false)
        #expect(try violations(.sharingEventsMatchCalls).isEmpty)
    }

    @Test func aCallOfAProcessThatResumedAndNeverJournalledItsSharingEventIsCaught() throws {
        try deleteCutOffAtABreakpoint(resumed: true)
        let found = try violations(.sharingEventsMatchCalls)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("journalled by no sharing event") == true)
    }

    @Test func aSharingEventWithoutItsCallIsCaught() throws {
        var offer = JournalEntry(app: "ring", kind: .sharing(.offer), account: "app.pubkyring:\(a)")
        offer.result = SharingResult.done.rawValue
        offer.records = ["app.pubkyring:\(a)"]
        record(.ring, offer, run: .standalone)
        #expect(try violations(.sharingEventsMatchCalls).first?.message.contains("without a keychain call") == true)
    }

    @Test func aResultTheStatusesDoNotGiveIsCaught() throws {
        // The write fails, the event says done: an app carrying on from a failed publish.
        try fault(.bitkit, .write, status: .interactionNotAllowed, count: 1)
        let run = RunContext.standalone
        let status = try keychain(.bitkit, run: run).add(
            NewKeychainItem(
                accessGroup: SharedContract.accessGroup, service: SharedContract.service, account: "to.bitkit.dev:\(w)",
                data: Array(wSecret.utf8), accessibility: .whenUnlockedThisDeviceOnly))
        #expect(status == .interactionNotAllowed)
        var offer = JournalEntry(app: "bitkit", kind: .sharing(.offer), account: "to.bitkit.dev:\(w)")
        offer.owner = "to.bitkit.dev"
        offer.result = SharingResult.done.rawValue
        offer.records = ["to.bitkit.dev:\(w)"]
        record(.bitkit, offer, run: run)
        let found = try violations(.sharingEventsMatchCalls)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("reported done where the keychain's statuses give failed") == true)
    }

    @Test func aWithdrawalNamingRecordsItDidNotRemoveIsCaught() throws {
        #expect(try sharing(.ring).offer(pubky: a, secret: aSecret, between: {}) == .done)
        let run = RunContext.standalone
        let listing = try keychain(.ring, run: run).copyMatching(
            KeychainQuery(
                service: SharedContract.service, accessGroup: SharedContract.accessGroup, synchronizable: .no),
            limit: .all, returnData: false)
        #expect(listing.status == .success)
        var withdrawAll = JournalEntry(app: "ring", kind: .sharing(.withdrawAll))
        withdrawAll.result = SharingResult.done.rawValue
        withdrawAll.records = ["app.pubkyring:\(a)"]
        record(.ring, withdrawAll, run: run)
        #expect(
            try violations(.sharingEventsMatchCalls).first?.message.contains("where the deletes removed []") == true)
    }

    @Test func anExistenceCheckThatReadTheSecretIsCaught() throws {
        #expect(try sharing(.ring).offer(pubky: a, secret: aSecret, between: {}) == .done)
        let run = RunContext.standalone
        _ = try keychain(.bitkit, run: run).copyMatching(
            KeychainQuery(
                service: SharedContract.service, account: "app.pubkyring:\(a)", accessGroup: SharedContract.accessGroup),
            limit: .one, returnData: true)
        var presence = JournalEntry(app: "bitkit", kind: .sharing(.presence), account: "app.pubkyring:\(a)")
        presence.result = SharingResult.found.rawValue
        record(.bitkit, presence, run: run)
        // The read is not the existence check's call (spec/01 §10: account, no data): neither claims the other.
        #expect(try violations(.sharingEventsMatchCalls).count == 2)
    }

    @Test func aListingThatAsksForEverySecretIsCaught() throws {
        #expect(try sharing(.ring).offer(pubky: a, secret: aSecret, between: {}) == .done)
        let run = RunContext.standalone
        _ = try keychain(.bitkit, run: run).copyMatching(
            KeychainQuery(service: SharedContract.service, accessGroup: SharedContract.accessGroup), limit: .all,
            returnData: true)
        var list = JournalEntry(app: "bitkit", kind: .sharing(.list))
        list.result = SharingResult.listed.rawValue
        list.records = ["app.pubkyring:\(a)"]
        record(.bitkit, list, run: run)
        #expect(try violations(.listingsReturnAttributesOnly).count == 1)
        #expect(try violations(.sharingEventsMatchCalls).isEmpty)
    }
}
