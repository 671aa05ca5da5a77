import AndroidPlatform
import ContractNames
import Foundation
import IdentitySharing
import PubkyCrypto
import Testing

/// Bitkit's `SharedPubkyClient` (spec/07 §4) reading Ring's provider through a real resolver: Ring's
/// real provider and store, or a scripted provider for rows Ring's own code never serves.
@Suite(.enabled(if: AESGCM.isAvailable)) struct BitkitProviderClientTests {
    typealias F = AndroidFixture
    static let a = SharedIdentity(pubky: AndroidFixture.a, sourceApp: "app.pubkyring")
    static let b = SharedIdentity(pubky: AndroidFixture.b, sourceApp: "app.pubkyring")
    static let w = SharedIdentity(pubky: AndroidFixture.w, sourceApp: "app.pubkyring")

    /// A device with Ring installed (same-signed) holding `entries`.
    private func device(_ entries: [(String, String)] = []) throws -> F {
        let device = F()
        device.installRing()
        for (pubky, secret) in entries { try device.store.set(pubky: pubky, secret: secret) }
        return device
    }

    /// A device whose Ring package serves `rows` on every path.
    private func scripted(_ rows: [ProviderRow]) -> F {
        let device = F()
        device.install(F.ring, provider: ScriptedProvider(rows: rows))
        return device
    }

    // MARK: listRingIdentities()

    @Test func ringsPubkysAreListedInProviderOrder() throws {
        let device = try device([(F.b, F.bSecret), (F.a, F.aSecret)])
        #expect(device.bitkitClient().listPeers() == .listed([Self.b, Self.a]))
        #expect(
            device.takeEvents() == [
                SharingEvent(
                    op: .list, peer: "ring", records: [Self.b.record, Self.a.record], result: .listed)
            ])
    }

    @Test func anEmptyStoreIsAnEmptySuccess() throws {
        #expect(try device().bitkitClient().listPeers() == .listed([]))
    }

    @Test func nullPubkyRowsAreDroppedWithoutFormatCheckOrDeDuplication() {
        let device = scripted([.pubky(F.a), .pubky(nil), .pubky("not a pubky"), .pubky(F.a), .pubky("")])
        let listing = device.bitkitClient().listPeers()
        #expect(listing.identities.map(\.pubky) == [F.a, "not a pubky", F.a, ""])
    }

    @Test func anAbsentRingIsUnavailableAndNeverQueried() {
        let device = F()
        #expect(device.bitkitClient().listPeers() == .unknown("Ring provider unavailable"))
        device.install(F.ring, provider: nil)
        #expect(device.bitkitClient().listPeers() == .unknown("Ring provider unavailable"))
        #expect(device.takeCalls() == [])
        #expect(
            device.takeEvents() == [
                SharingEvent(op: .list, peer: "ring", result: .unknown, detail: "Ring provider unavailable"),
                SharingEvent(op: .list, peer: "ring", result: .unknown, detail: "Ring provider unavailable"),
            ])
    }

    @Test func aRingSignedWithAnotherCertificateIsUnavailableAndNeverQueried() throws {
        let device = F()
        device.installRing(certificate: F.release)
        try device.store.set(pubky: F.a, secret: F.aSecret)
        #expect(device.bitkitClient().listPeers() == .unknown("Ring provider unavailable"))
        #expect(device.bitkitClient().readSecret(Self.a) == .unknown("Ring credential unavailable"))
        #expect(device.takeCalls() == [])
        #expect(device.takePasses() == [])
    }

    @Test func anImpostorHoldingRingsAuthorityIsUnavailableAndNeverQueried() {
        let device = F()
        device.install(
            "com.impostor", provider: ScriptedProvider(rows: [.credential(F.a, F.aSecret)]), authority: F.ringAuthority)
        #expect(device.bitkitClient().listPeers() == .unknown("Ring provider unavailable"))
        #expect(device.bitkitClient().readSecret(Self.a) == .unknown("Ring credential unavailable"))
        #expect(device.takeCalls() == [])
    }

    @Test func aNullCursorIsTheNoCursorFailure() throws {
        let device = try device([(F.a, F.aSecret)])
        device.fault(F.ringAuthority, F.identities, .nullCursor)
        #expect(device.bitkitClient().listPeers() == .unknown("Ring identities query returned no cursor"))
        #expect(device.takeCalls().map { $0.hasSuffix("] null 0 []") } == [true])
    }

    @Test func aThrowingProviderFailsTheListingWithItsMessageAndIsJournalledAsAnException() throws {
        let device = try device([(F.a, F.aSecret)])
        device.fault(F.ringAuthority, F.identities, .exception("Ring's provider died"))
        #expect(device.bitkitClient().listPeers() == .unknown("Ring's provider died"))
        #expect(
            device.takeCalls() == [
                "to.bitkit.dev app.pubkyring.sharedpubky/v1/identities [app.pubkyring] exception 0 [] "
                    + "RuntimeException: Ring's provider died"
            ])
    }

    @Test func aMalformedStoreFailsTheListingWithTheStoresMessage() throws {
        let device = try device([(F.a, F.aSecret)])
        try Data("{".utf8).write(to: device.storeFile)
        let listing = device.bitkitClient().listPeers()
        guard case .unknown(let reason) = listing else {
            Issue.record("expected a failure, got \(listing)")
            return
        }
        #expect(reason.hasPrefix("shared_pubky.json is malformed"))
        #expect(device.takeCalls().map { $0.contains(" exception 0 [] IllegalStateException: ") } == [true])
    }

    @Test func aRevokedGrantFailsWithTheSystemsDenial() throws {
        let device = try device([(F.a, F.aSecret)])
        device.revoked.withLock { $0 = ["app.pubkyring.permission.READ_SHARED_PUBKY"] }
        let denial =
            "Permission Denial: reading app.pubkyring.sharedpubky requires app.pubkyring.permission.READ_SHARED_PUBKY"
        #expect(device.bitkitClient().listPeers() == .unknown(denial))
        #expect(device.bitkitClient().readSecret(Self.a) == .unknown(denial))
    }

    // MARK: ringCredential(pubky)

    @Test func aValidCredentialIsFound() throws {
        let device = try device([(F.a, F.aSecret), (F.b, F.bSecret)])
        #expect(device.bitkitClient().readSecret(Self.b) == .found(F.bSecret))
        #expect(
            device.takeEvents() == [SharingEvent(op: .credential, peer: "ring", record: Self.b.record, result: .found)])
        #expect(
            device.takeCalls() == [
                "to.bitkit.dev app.pubkyring.sharedpubky/\(F.credential(F.b)) [app.pubkyring] rows 1 [\"\(F.b)\"]"
            ])
    }

    @Test func aMissingOrUndecryptableEntryIsUnavailable() throws {
        let device = try device([(F.a, F.aSecret)])
        #expect(device.bitkitClient().readSecret(Self.b) == .unknown("Ring credential unavailable"))
        try device.store.overwrite(pubky: F.a, value: "bm90IGEgc2VhbGVkIHZhbHVl")
        #expect(device.bitkitClient().readSecret(Self.a) == .unknown("Ring credential unavailable"))
        #expect(
            device.takeEvents()
                == [
                    SharingEvent(
                        op: .credential, peer: "ring", record: Self.b.record, result: .unknown,
                        detail: "Ring credential unavailable"),
                    SharingEvent(
                        op: .credential, peer: "ring", record: Self.a.record, result: .unknown,
                        detail: "Ring credential unavailable"),
                ])
    }

    /// Ring serves what its store holds; Bitkit's `isValidSecret` refuses it.
    @Test(arguments: [
        String(AndroidFixture.wSecret.dropLast(2)), AndroidFixture.wSecret + "01",
        AndroidFixture.wSecret.uppercased(), AndroidFixture.wSecret + "\n", String(repeating: "z", count: 64),
        AndroidFixture.aSecret, "",
    ])
    func aSecretRingStoresThatFailsIsValidSecretIsUnavailable(secret: String) throws {
        let device = try device([(F.w, secret)])
        #expect(device.bitkitClient().readSecret(Self.w) == .unknown("Ring credential unavailable"))
        // Served as stored: the refusal is the client's.
        #expect(device.takeCalls().map { $0.hasSuffix("rows 1 [\"\(F.w)\"]") } == [true])
    }

    @Test(arguments: [
        // Two rows, even two good ones.
        [
            ProviderRow.credential(AndroidFixture.w, AndroidFixture.wSecret),
            .credential(AndroidFixture.w, AndroidFixture.wSecret),
        ],
        // A row for another pubky, with that pubky's valid secret.
        [.credential(AndroidFixture.a, AndroidFixture.aSecret)],
        // A null pubky column.
        [.credential(nil, AndroidFixture.wSecret)],
        // A null secret_key (read as "").
        [.credential(AndroidFixture.w, nil)],
        // A secret_key of the wrong length, and upper-case hex.
        [.credential(AndroidFixture.w, String(AndroidFixture.wSecret.dropLast()))],
        [.credential(AndroidFixture.w, AndroidFixture.wSecret.uppercased())],
        // No row.
        [],
    ])
    func aMalformedCredentialAnswerIsUnavailable(rows: [ProviderRow]) {
        let device = scripted(rows)
        #expect(device.bitkitClient().readSecret(Self.w) == .unknown("Ring credential unavailable"))
    }

    @Test func theScriptedRingServesAWellFormedRowAsFound() {
        // The control for the malformed answers above: the same provider, one good row.
        let device = scripted([.credential(F.w, F.wSecret)])
        #expect(device.bitkitClient().readSecret(Self.w) == .found(F.wSecret))
    }

    @Test func aNullCredentialCursorNamesItself() throws {
        let device = try device([(F.a, F.aSecret)])
        device.fault(F.ringAuthority, F.credential(F.a), .nullCursor)
        #expect(device.bitkitClient().readSecret(Self.a) == .unknown("Ring credential query returned no cursor"))
        // The identities path is not faulted.
        #expect(device.bitkitClient().listPeers() == .listed([Self.a]))
    }

    @Test func aThrowingProviderFailsTheCredentialWithItsMessageAndIsJournalledAsAnException() throws {
        let device = F()
        device.install(
            F.ring,
            provider: ScriptedProvider { (_: String) throws(ProviderException) -> ProviderAnswer in
                throw ProviderException("IllegalArgumentException", "bad uri")
            })
        #expect(device.bitkitClient().readSecret(Self.a) == .unknown("bad uri"))
        #expect(
            device.takeCalls() == [
                "to.bitkit.dev app.pubkyring.sharedpubky/\(F.credential(F.a)) [app.pubkyring] exception 0 [] "
                    + "IllegalArgumentException: bad uri"
            ])
    }

    @Test func theCredentialIsReadAtEveryRequestNeverCached() throws {
        let device = try device([(F.a, F.aSecret)])
        let client = device.bitkitClient()
        #expect(client.readSecret(Self.a) == .found(F.aSecret))
        try device.store.remove(pubky: F.a)
        #expect(client.readSecret(Self.a) == .unknown("Ring credential unavailable"))
        #expect(device.takePasses().count == 2)
    }

    // MARK: Presence and own writes

    @Test func presenceIsAbsentOnlyWhenASucceedingListingLacksThePubky() throws {
        let device = try device([(F.a, F.aSecret)])
        #expect(device.bitkitClient().presence(of: Self.a) == .present)
        #expect(device.bitkitClient().presence(of: Self.b) == .absent)
        device.fault(F.ringAuthority, F.identities, .nullCursor)
        #expect(device.bitkitClient().presence(of: Self.a) == .unknown("Ring identities query returned no cursor"))
    }

    @Test func offersAndWithdrawalsChangeNothingAndQueryNothing() throws {
        let device = try device([(F.a, F.aSecret)])
        let client = device.bitkitClient()
        #expect(client.policy == .android)
        var between = 0
        #expect(client.offer(pubky: F.w, secret: F.wSecret, between: { between += 1 }) == .done)
        #expect(client.withdraw(pubky: F.a) == .done)
        #expect(client.withdrawAll(before: { _ in between += 1 }) == Withdrawal(tried: []))
        #expect(between == 0)
        #expect(try device.store.entries().map(\.pubky) == [F.a])
        #expect(device.takeCalls() == [])
        #expect(device.takeEvents() == [])
    }
}
