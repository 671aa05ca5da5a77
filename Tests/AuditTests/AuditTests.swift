import AppRuntime
import Audit
import ContractNames
import Device
import Foundation
import IdentitySharing
import Keychain
import Platforms
import PubkyCrypto
import Simulation
import Testing
import WorldFiles

/// Each invariant of the audit catches a deliberately injected violation, and a clean world passes.
@Suite struct AuditTests: AuditWorld {
    let world: World

    init() throws { world = try Self.makeWorld() }

    /// A sharing call of `app` as the journal records it, for calls no correct exchange makes.
    func journalSharing(
        _ app: AppKind, _ op: SharingOp, account: String?, records: [String], result: SharingResult = .done,
        run: RunContext = .standalone
    ) throws {
        let environment = AppEnvironment(world: world, app: app, run: run)
        var entry = JournalEntry(app: app.rawValue, kind: .sharing(op), account: account)
        entry.owner = try environment.installed().ownerPrefix
        entry.records = records
        entry.result = result.rawValue
        environment.record(entry)
    }

    /// A record written as `app` through the keychain, and journalled as that app's offer in the same run.
    func add(_ app: AppKind, account: String, value: String) throws {
        let run = RunContext.standalone
        let status = try keychain(app, run: run).add(
            NewKeychainItem(
                accessGroup: SharedContract.accessGroup, service: SharedContract.service, account: account,
                data: Array(value.utf8), accessibility: .whenUnlockedThisDeviceOnly))
        #expect(status == .success)
        try journalSharing(app, .offer, account: account, records: [account], run: run)
    }

    func invariants() throws -> [AuditInvariant] { try Audit(world: world).run().violations.map(\.invariant) }

    /// The invariants broken apart from the journal's own truth: for tests that write sharing events
    /// no keychain call made, on purpose (those events also break `sharing-events-match-calls`).
    func contractInvariants() throws -> [AuditInvariant] {
        try invariants().filter { !AuditInvariant.keychainGroup.contains($0) }
    }

    @Test func aWorldWhereEachAppKeepsToItsOwnRecordsPasses() throws {
        #expect(try sharing(.ring).offer(pubky: a, secret: aSecret, between: {}) == .done)
        #expect(try sharing(.bitkit).offer(pubky: w, secret: wSecret, between: {}) == .done)
        #expect(
            try sharing(.bitkit).readSecret(SharedIdentity(pubky: a, sourceApp: "app.pubkyring")) == .found(aSecret))
        #expect(try invariants().isEmpty)
    }

    @Test func bitkitWritingRingsPrefixIsCaught() throws {
        try add(.bitkit, account: "app.pubkyring:\(a)", value: aSecret)
        let report = try Audit(world: world).run()
        #expect(report.violations.map(\.invariant) == [.ownPrefixOnly])
        #expect(report.violations.first?.evidence.first?.records == ["app.pubkyring:\(a)"])
    }

    @Test func ringWithdrawingABitkitRecordIsCaught() throws {
        #expect(try sharing(.bitkit).offer(pubky: w, secret: wSecret, between: {}) == .done)
        try journalSharing(.ring, .withdraw, account: "to.bitkit.dev:\(w)", records: ["to.bitkit.dev:\(w)"])
        #expect(try contractInvariants() == [.ownPrefixOnly])
        #expect(try invariants().contains(.sharingEventsMatchCalls))
    }

    @Test func aRegtestBuildTouchingTheMainnetPrefixIsANetworkViolation() throws {
        try add(.bitkit, account: "to.bitkit:\(w)", value: wSecret)
        #expect(try invariants() == [.networkIsolation])
    }

    @Test func aWithdrawalThatNamesNoRecordIsCaught() throws {
        #expect(try sharing(.ring).offer(pubky: a, secret: aSecret, between: {}) == .done)
        try journalSharing(.ring, .withdraw, account: nil, records: ["app.pubkyring:\(a)"])
        #expect(try contractInvariants() == [.ownPrefixOnly])
        #expect(try invariants().contains(.sharingEventsMatchCalls))
    }

    @Test func aWithdrawAllThatRemovedAnotherAppsRecordIsCaught() throws {
        try journalSharing(.bitkit, .withdrawAll, account: nil, records: ["to.bitkit.dev:\(w)", "app.pubkyring:\(a)"])
        #expect(try contractInvariants() == [.ownPrefixOnly])
        #expect(try invariants().contains(.sharingEventsMatchCalls))
    }

    @Test func anAppWritingAnotherKeysSecretIsCaughtButAnInjectedOneIsExempt() throws {
        try add(.ring, account: "app.pubkyring:\(a)", value: wSecret)
        #expect(try invariants() == [.validSecrets])
        let store = KeychainGroupStore(directory: world.sharedGroup, accessGroup: SharedContract.accessGroup)
        try store.write(
            NewKeychainItem(
                accessGroup: SharedContract.accessGroup, service: SharedContract.service, account: "app.pubkyring:\(a)",
                data: Array(wSecret.utf8), accessibility: .whenUnlockedThisDeviceOnly), writer: "simctl", at: Date())
        #expect(try !invariants().contains(.validSecrets))
    }

    @Test func aRingSecretInBitkitsSandboxIsCaught() throws {
        try add(.ring, account: "app.pubkyring:\(a)", value: aSecret)
        let sandbox = world.sandbox(.bitkit)
        try FileManager.default.createDirectory(at: sandbox, withIntermediateDirectories: true)
        try Data("{\"cache\":\"\(aSecret)\"}".utf8).write(to: sandbox.appendingPathComponent("defaults.json"))
        #expect(try invariants() == [.noRingSecretInBitkit])
    }

    @Test func aRingSecretAcrossTheScanWindowsOfABigFileIsCaught() throws {
        try add(.ring, account: "app.pubkyring:\(a)", value: aSecret)
        try FileManager.default.createDirectory(at: world.files, withIntermediateDirectories: true)
        let file = world.files.appendingPathComponent("export.bin")
        let padding = [UInt8](repeating: 0x20, count: (1 << 20) - 10)
        // The secret straddles the edge of the first 1 MiB window, as hex and then as raw bytes.
        for form in [Array(aSecret.utf8), Hex.decode(aSecret) ?? []] {
            try Data(padding + form + padding).write(to: file)
            #expect(try invariants() == [.noRingSecretInBitkit])
        }
        try Data(padding + padding).write(to: file)
        #expect(try invariants().isEmpty)
    }

    @Test func aRingSecretInBitkitsPrivateKeychainIsCaught() throws {
        try add(.ring, account: "app.pubkyring:\(a)", value: aSecret)
        let group = BitcoinNetwork.regtest.bitkitPrivateGroup
        let stray = try keychain(.bitkit).add(
            NewKeychainItem(
                accessGroup: group, service: "bitkit", account: "cache", data: Array(aSecret.utf8),
                accessibility: .afterFirstUnlockThisDeviceOnly))
        #expect(stray == .success)
        #expect(try invariants() == [.noRingSecretInBitkit])
    }

    @Test func bitkitsOwnKeyIsNotARingSecretEvenWhenRingImportedTheSameKey() throws {
        try add(.ring, account: "app.pubkyring:\(w)", value: wSecret)
        let group = BitcoinNetwork.regtest.bitkitPrivateGroup
        let own = try keychain(.bitkit).add(
            NewKeychainItem(
                accessGroup: group, service: "bitkit", account: "pubky_secret_key", data: Array(wSecret.utf8),
                accessibility: .afterFirstUnlockThisDeviceOnly))
        #expect(own == .success)
        #expect(try invariants().isEmpty)
    }

    @Test func clearingAnAdoptionWithoutANotFoundIsCaught() throws {
        let environment = AppEnvironment(world: world, app: .bitkit, run: .standalone)
        environment.record(
            JournalEntry(app: "bitkit", kind: .identity(.sourceLost), account: "app.pubkyring:\(a)"))
        #expect(try invariants() == [.clearedOnlyAfterNotFound])
    }

    @Test func clearingAfterADefiniteAbsencePasses() throws {
        let run = RunContext.standalone
        let ring = SharedIdentity(pubky: a, sourceApp: "app.pubkyring")
        #expect(try sharing(.bitkit, run: run).presence(of: ring) == .absent)
        AppEnvironment(world: world, app: .bitkit, run: run).record(
            JournalEntry(app: "bitkit", kind: .identity(.sourceLost), account: "app.pubkyring:\(a)"))
        #expect(try invariants().isEmpty)
        // The same absence seen by another run proves nothing for this one.
        AppEnvironment(world: world, app: .bitkit, run: .standalone).record(
            JournalEntry(app: "bitkit", kind: .identity(.sourceLost), account: "app.pubkyring:\(a)"))
        #expect(try invariants() == [.clearedOnlyAfterNotFound])
    }

    @Test func clearingAfterAnUnknownPresenceIsCaught() throws {
        #expect(try sharing(.ring).offer(pubky: a, secret: aSecret, between: {}) == .done)
        try DeviceStore(world: world).update { $0.protection = .locked }
        #expect(try sharing(.bitkit).presence(of: SharedIdentity(pubky: a, sourceApp: "app.pubkyring")) != .absent)
        AppEnvironment(world: world, app: .bitkit, run: .standalone).record(
            JournalEntry(app: "bitkit", kind: .identity(.sourceLost), account: "app.pubkyring:\(a)"))
        #expect(try invariants() == [.clearedOnlyAfterNotFound])
    }

    /// Writes `entries` as the whole journal, numbered in order, all from process 4242.
    func writeJournal(_ entries: [(JournalEntry, run: UInt32?)]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var text = ""
        for (index, (entry, run)) in entries.enumerated() {
            var stored = entry
            stored.seq = UInt64(index + 1)
            stored.pid = 4242
            stored.run = run
            text += String(decoding: try encoder.encode(stored), as: UTF8.self) + "\n"
        }
        try text.write(to: world.journalFile, atomically: true, encoding: .utf8)
    }

    @Test func anAbsenceSeenByAnEarlierRunOfTheSameServingProcessDoesNotJustifyClearing() throws {
        var notFound = JournalEntry(app: "bitkit", kind: .sharing(.presence), account: "app.pubkyring:\(a)")
        notFound.result = SharingResult.absent.rawValue
        let cleared = JournalEntry(app: "bitkit", kind: .identity(.sourceLost), account: "app.pubkyring:\(a)")
        try writeJournal([(notFound, run: 1), (cleared, run: 2)])
        #expect(try contractInvariants() == [.clearedOnlyAfterNotFound])
        try writeJournal([(notFound, run: 2), (cleared, run: 2)])
        #expect(try contractInvariants().isEmpty)
        try writeJournal([(notFound, run: nil), (cleared, run: nil)])
        #expect(try contractInvariants().isEmpty)
    }

    @Test func aWipeThatLeavesAnOwnRecordIsCaught() throws {
        try add(.ring, account: "app.pubkyring:\(a)", value: aSecret)
        var end = JournalEntry(app: "ring", kind: .wipe(.end))
        end.owner = "app.pubkyring"
        AppEnvironment(world: world, app: .ring, run: .standalone).record(end)
        #expect(try invariants() == [.wipeRemovesOwnRecords])
    }

    @Test func aWipeThatRemovedItsRecordsPasses() throws {
        try add(.ring, account: "app.pubkyring:\(a)", value: aSecret)
        #expect(try sharing(.ring).withdrawAll { _ in }.failure == nil)
        var end = JournalEntry(app: "ring", kind: .wipe(.end))
        end.owner = "app.pubkyring"
        AppEnvironment(world: world, app: .ring, run: .standalone).record(end)
        #expect(try invariants().isEmpty)
    }
}
