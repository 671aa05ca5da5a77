import AndroidPlatform
import AppRuntime
import Audit
import ContractNames
import Device
import Foundation
import IdentitySharing
import Keychain
import Simulation
import Testing
import WorldFiles

/// The audit on an Android world (spec/07): the contract's six invariants plus the three only
/// content providers have. Each test injects one violation — through the apps' own sharing code
/// where a correct app can be made to produce it, by writing files or journal lines where it
/// cannot — and watches the audit report exactly that invariant.
@Suite struct AndroidAuditTests {
    let world: World
    let aSecret = String(repeating: "01", count: 32)
    let a = "tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy"
    let bSecret = String(repeating: "02", count: 32)
    let wSecret = "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1"
    let w = "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy"
    let ring = AndroidContract.ringPackage
    let ringAuthority = AndroidContract.authority(of: AndroidContract.ringPackage)

    init() throws {
        world = World(root: FileManager.default.temporaryDirectory.appendingPathComponent("audit-\(UUID().uuidString)"))
        try world.create()
        try DeviceStore(world: world).update { state in
            state.platform = .android
            state.apps[.bitkit] = InstalledApp(kind: .bitkit, network: .regtest)
            state.apps[.ring] = InstalledApp(kind: .ring)
        }
    }

    func environment(_ app: AppKind) -> AppEnvironment { AppEnvironment(world: world, app: app, run: .standalone) }

    let android = AndroidPhone()

    func keychain(_ app: AppKind) throws -> Keychain {
        let environment = environment(app)
        return android.keychain(for: try environment.installed(), in: environment)
    }

    /// The app's own Android sharing seam (Bitkit's provider client, Ring's native module).
    func sharing(_ app: AppKind) throws -> any IdentitySharing {
        let environment = environment(app)
        let install = try environment.installed()
        return android.sharing(
            of: install, in: environment, keychain: android.keychain(for: install, in: environment),
            service: SharedContract.service)
    }

    /// Ring owns `pubky`: its private item, then its mirror in `shared_pubky` (spec/03 §3's order).
    func ringOwns(_ pubky: String, secret: String) throws {
        let stored = try keychain(.ring).add(
            NewKeychainItem(
                accessGroup: SharedContract.ringPrivateGroup, service: pubky, account: pubky,
                data: Array("{\"secretKey\":\"\(secret)\",\"mnemonic\":\"\"}".utf8),
                accessibility: .afterFirstUnlockThisDeviceOnly))
        #expect(stored == .success)
        #expect(try sharing(.ring).offer(pubky: pubky, secret: secret, between: {}) == .done)
    }

    /// Bitkit's `PUBKY_SECRET_KEY`, which its provider serves live (spec/07 §2).
    func bitkitKey(_ secret: String) throws {
        let stored = try keychain(.bitkit).add(
            NewKeychainItem(
                accessGroup: BitcoinNetwork.regtest.bitkitPrivateGroup, service: "bitkit", account: "PUBKY_SECRET_KEY",
                data: Array(secret.utf8), accessibility: .afterFirstUnlockThisDeviceOnly))
        #expect(stored == .success)
    }

    /// A `simctl` action as its command journals it.
    func journalTool(_ op: DeviceOp, detail: String?) {
        environment(.bitkit).record(JournalEntry(app: "simctl", kind: .device(op), detail: detail))
    }

    /// A provider call of `app` that answered rows, journalled as the resolver journals one.
    func journalRows(_ app: AppKind, caller: String, certificate: String, providerCertificate: String) {
        var entry = JournalEntry(
            app: app.rawValue, kind: .provider(.query), service: ringAuthority, account: AndroidContract.pathIdentities,
            count: 1)
        entry.owner = caller
        entry.peer = ring
        entry.result = "rows"
        entry.records = [a]
        entry.certificate = certificate
        entry.peerCertificate = providerCertificate
        environment(app).record(entry)
    }

    func providerEntries() throws -> [JournalEntry] {
        try Journal(world: world).read().entries.filter { $0.kind == .provider(.query) }
    }

    func invariants() throws -> [AuditInvariant] { try Audit(world: world).run().violations.map(\.invariant) }

    @Test func aCleanAndroidWorldHoldsTheSixInvariantsAndTheThreeOfProviders() throws {
        try ringOwns(a, secret: aSecret)
        try bitkitKey(wSecret)
        let bitkit = try sharing(.bitkit)
        let ringSeam = try sharing(.ring)
        #expect(bitkit.listPeers() == .listed([SharedIdentity(pubky: a, sourceApp: ring)]))
        #expect(bitkit.readSecret(SharedIdentity(pubky: a, sourceApp: ring)) == .found(aSecret))
        #expect(ringSeam.readSecret(SharedIdentity(pubky: w, sourceApp: "to.bitkit.dev")) == .found(wSecret))
        let report = try Audit(world: world).run()
        #expect(report.violations.isEmpty)
        #expect(report.invariants == AuditInvariant.allCases)
        #expect(report.invariants.count == 9)
        // What the resolver journalled: certificates on both sides, and that each credential derived.
        let credentials = try providerEntries().filter { $0.account?.hasSuffix("/credential") == true }
        #expect(credentials.map(\.derives) == [true, true])
        #expect(credentials.allSatisfy { $0.certificate == "bitkit-debug" && $0.peerCertificate == "bitkit-debug" })
    }

    @Test func anIOSWorldReportsOnlyTheSixContractInvariants() throws {
        try DeviceStore(world: world).update { $0.platform = .ios }
        let report = try Audit(world: world).run()
        #expect(
            report.invariants.map(\.rawValue) == [
                "own-prefix-only", "network-isolation", "valid-secrets", "no-ring-secret-in-bitkit",
                "cleared-only-after-not-found", "wipe-removes-own-records",
            ])
    }

    // MARK: Bitkit holds no Ring secret at rest (no-ring-secret-in-bitkit)

    @Test func aRingSecretInACoinstalledBitkitFlavoursSandboxIsCaught() throws {
        try ringOwns(a, secret: aSecret)
        let sandbox = world.sandbox(.bitkit, package: "to.bitkit.tnet").appendingPathComponent("files")
        try FileManager.default.createDirectory(at: sandbox, withIntermediateDirectories: true)
        try Data("{\"cache\":\"\(aSecret)\"}".utf8).write(to: sandbox.appendingPathComponent("cache.json"))
        #expect(try invariants() == [.noRingSecretInBitkit])
    }

    @Test func aRingSecretInBitkitsAndroidPrivateStoreIsCaught() throws {
        try ringOwns(a, secret: aSecret)
        let stray = try keychain(.bitkit).add(
            NewKeychainItem(
                accessGroup: BitcoinNetwork.regtest.bitkitPrivateGroup, service: "bitkit",
                account: AndroidContract.sharedPubkySource, data: Array(aSecret.utf8),
                accessibility: .afterFirstUnlockThisDeviceOnly))
        #expect(stray == .success)
        #expect(try invariants() == [.noRingSecretInBitkit])
    }

    // MARK: ring-store-holds-only-own-secrets

    @Test func anAdoptedBitkitSecretMirroredIntoRingsStoreIsCaught() throws {
        try bitkitKey(wSecret)
        // Ring adopted W (no private item of its own) and wrongly mirrored W's secret.
        #expect(try sharing(.ring).offer(pubky: w, secret: wSecret, between: {}) == .done)
        let report = try Audit(world: world).run()
        #expect(report.violations.map(\.invariant) == [.ringStoreHoldsOnlyOwnSecrets])
        #expect(report.violations.first?.message.contains(w) == true)
    }

    @Test func aMirrorHoldingAnotherSecretThanRingsPrivateItemIsCaught() throws {
        try ringOwns(a, secret: aSecret)
        // The same pubky mirrored again, with W's secret (a Bitkit key) in place of A's own.
        try bitkitKey(wSecret)
        #expect(try sharing(.ring).offer(pubky: a, secret: wSecret, between: {}) == .done)
        // W's secret does not derive A either, which the shared records' check sees too.
        #expect(try Set(invariants()) == [.validSecrets, .ringStoreHoldsOnlyOwnSecrets])
    }

    @Test func anEntryAToolPlantedInRingsStoreIsExempt() throws {
        try bitkitKey(wSecret)
        try android.ringSharedPubkyStore(in: environment(.ring)).set(pubky: w, secret: wSecret, writer: "simctl")
        #expect(try invariants().isEmpty)
    }

    // MARK: no-rows-to-untrusted-callers

    @Test func rowsServedToACallerWithAnotherCertificateAreCaught() throws {
        journalRows(.bitkit, caller: "to.bitkit.dev", certificate: "other", providerCertificate: "bitkit-debug")
        let report = try Audit(world: world).run()
        #expect(report.violations.map(\.invariant) == [.noRowsToUntrustedCallers])
        #expect(report.violations.first?.evidence.first?.certificate == "other")
    }

    @Test func rowsServedAfterTheGrantWasRevokedAreCaughtUntilTheGrantIsBack() throws {
        let grant = RevokedGrant(app: .bitkit, permission: AndroidContract.permission(of: ring))
        journalTool(.revoke, detail: grant.journalDetail)
        journalRows(.bitkit, caller: "to.bitkit.dev", certificate: "bitkit-debug", providerCertificate: "bitkit-debug")
        #expect(try invariants() == [.noRowsToUntrustedCallers])
        journalTool(.providerClear, detail: nil)
        journalRows(.bitkit, caller: "to.bitkit.dev", certificate: "bitkit-debug", providerCertificate: "bitkit-debug")
        #expect(try invariants() == [.noRowsToUntrustedCallers])
        // Another app's revocation says nothing about Bitkit's grant.
        journalTool(.revoke, detail: RevokedGrant(app: .ring, permission: grant.permission).journalDetail)
        journalRows(.bitkit, caller: "to.bitkit.dev", certificate: "bitkit-debug", providerCertificate: "bitkit-debug")
        #expect(try invariants() == [.noRowsToUntrustedCallers])
    }

    @Test func anUntrustedCallerGetsNoRowsFromTheRealResolverAndTheAuditHolds() throws {
        try ringOwns(a, secret: aSecret)
        try DeviceStore(world: world).update { $0.apps[.ring]?.certificate = "other" }
        let bitkit = environment(.bitkit)
        let resolver = android.contentResolver(caller: try bitkit.installed(), in: bitkit)
        #expect(throws: ProviderException.self) { try resolver.query(ringAuthority, AndroidContract.pathIdentities) }
        let refused = try providerEntries().last
        #expect(refused?.result == "exception")
        #expect(refused?.certificate == "bitkit-debug")
        #expect(refused?.peerCertificate == "other")
        #expect(try invariants().isEmpty)
    }

    // MARK: served-secrets-derive

    @Test func aCredentialWhoseSecretDoesNotDeriveItsPubkyIsCaughtFromTheJournal() throws {
        // Ring itself mirrors B's secret under A, Bitkit reads A's credential (and refuses it), then
        // Ring removes the entry: the world is clean again, only the journal remembers the serve.
        #expect(try sharing(.ring).offer(pubky: a, secret: bSecret, between: {}) == .done)
        #expect(try sharing(.bitkit).readSecret(SharedIdentity(pubky: a, sourceApp: ring)) != .found(bSecret))
        #expect(try sharing(.ring).withdraw(pubky: a) == .done)
        #expect(try providerEntries().last?.derives == false)
        let report = try Audit(world: world).run()
        #expect(report.violations.map(\.invariant) == [.servedSecretsDerive])
        #expect(report.violations.first?.message.contains(a) == true)
    }

    @Test func aCredentialPlantedWithProviderPutIsExemptUntilRingWritesTheEntryItself() throws {
        let store = android.ringSharedPubkyStore(in: environment(.ring))
        try store.set(pubky: a, secret: bSecret, writer: "simctl")
        journalTool(.providerPut, detail: AndroidContract.storeEntryDetail(a))
        let identity = SharedIdentity(pubky: a, sourceApp: ring)
        #expect(try sharing(.bitkit).readSecret(identity) != .found(bSecret))
        #expect(try invariants().isEmpty)
        // Ring's own write ends the exemption: served after it, the same secret is Ring's doing
        // (Ring then removes the entry, so only the journal shows it).
        #expect(try sharing(.ring).offer(pubky: a, secret: bSecret, between: {}) == .done)
        #expect(try sharing(.bitkit).readSecret(identity) != .found(bSecret))
        #expect(try sharing(.ring).withdraw(pubky: a) == .done)
        #expect(try invariants() == [.servedSecretsDerive])
    }
}
