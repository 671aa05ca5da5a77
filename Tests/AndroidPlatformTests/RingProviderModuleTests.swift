import AndroidPlatform
import ContractNames
import Foundation
import IdentitySharing
import PubkyCrypto
import Testing

/// Ring's native module on Android (spec/07 §3, §5): reading each trusted Bitkit package's real
/// provider through a resolver, and mirroring Ring's own secrets into its real `shared_pubky` store.
@Suite(.enabled(if: AESGCM.isAvailable)) struct RingProviderModuleTests {
    typealias F = AndroidFixture
    static let w = SharedIdentity(pubky: AndroidFixture.w, sourceApp: "to.bitkit.dev")

    // MARK: listExternal()

    @Test func theThreeBitkitPackagesAreVisitedInRingsFixedOrder() {
        let device = F()
        // Installed in another order than Ring visits them.
        device.installBitkit("to.bitkit.dev", key: .stored(F.cSecret))
        device.installBitkit("to.bitkit", key: .stored(F.aSecret))
        device.installBitkit("to.bitkit.tnet", key: .stored(F.bSecret))
        #expect(
            device.ringModule().listPeers()
                == .listed([
                    SharedIdentity(pubky: F.a, sourceApp: "to.bitkit"),
                    SharedIdentity(pubky: F.b, sourceApp: "to.bitkit.tnet"),
                    SharedIdentity(pubky: F.c, sourceApp: "to.bitkit.dev"),
                ]))
        #expect(
            device.takePasses().map(\.authority) == [
                "to.bitkit.sharedpubky", "to.bitkit.tnet.sharedpubky", "to.bitkit.dev.sharedpubky",
            ])
        #expect(
            device.takeEvents() == [
                SharingEvent(
                    op: .list, peer: "bitkit",
                    records: ["to.bitkit:\(F.a)", "to.bitkit.tnet:\(F.b)", "to.bitkit.dev:\(F.c)"], result: .listed)
            ])
    }

    @Test func withNoBitkitInstalledTheListingIsAnEmptySuccess() {
        let device = F()
        #expect(device.ringModule().listPeers() == .listed([]))
        #expect(device.takeCalls() == [])
    }

    @Test func untrustedOrAbsentPackagesAreSkippedSilentlyAndNeverQueried() {
        let device = F()
        device.installBitkit("to.bitkit", certificate: F.release, key: .stored(F.aSecret))
        device.install("to.bitkit.tnet", provider: nil)
        device.installBitkit("to.bitkit.dev")
        // A package outside the three, even same-signed, is never visited.
        device.install("to.bitkit.beta", provider: ScriptedProvider(rows: [.pubky(F.b)]))
        #expect(device.ringModule().listPeers() == .listed([Self.w]))
        #expect(device.takePasses().map(\.package) == ["to.bitkit.dev"])
        #expect(device.takeCalls().count == 1)
    }

    @Test func anImpostorHoldingABitkitAuthorityIsSkipped() {
        let device = F()
        device.install(
            "com.impostor", provider: ScriptedProvider(rows: [.pubky(F.a)]), authority: "to.bitkit.sharedpubky")
        device.installBitkit("to.bitkit.dev")
        #expect(device.ringModule().listPeers() == .listed([Self.w]))
    }

    @Test func aNullCursorAddsNothingAndTheOthersAreStillListed() {
        let device = F()
        device.installBitkit("to.bitkit", key: .failing)
        device.installBitkit("to.bitkit.tnet", key: .stored(F.bSecret))
        device.installBitkit("to.bitkit.dev")
        device.fault("to.bitkit.tnet.sharedpubky", F.identities, .nullCursor)
        #expect(device.ringModule().listPeers() == .listed([Self.w]))
        #expect(device.takeCalls().map { $0.split(separator: " ")[3] } == ["null", "null", "rows"])
    }

    @Test func aBitkitWithoutAValidKeyListsNothingFromIt() {
        let device = F()
        device.installBitkit("to.bitkit", key: .absent)
        device.installBitkit("to.bitkit.tnet", key: .stored(F.wSecret.uppercased()))
        device.installBitkit("to.bitkit.dev")
        #expect(device.ringModule().listPeers() == .listed([Self.w]))
    }

    @Test func anExceptionFromAnyPackageFailsTheWholeListing() {
        let device = F()
        device.installBitkit("to.bitkit", key: .stored(F.aSecret))
        device.installBitkit("to.bitkit.tnet", key: .stored(F.bSecret))
        device.installBitkit("to.bitkit.dev")
        device.fault("to.bitkit.tnet.sharedpubky", F.identities, .exception("DeadObjectException"))
        #expect(device.ringModule().listPeers() == .unknown("DeadObjectException"))
        #expect(
            device.takeEvents() == [
                SharingEvent(op: .list, peer: "bitkit", result: .unknown, detail: "DeadObjectException")
            ])
        #expect(
            device.takeCalls().contains(
                "app.pubkyring to.bitkit.tnet.sharedpubky/v1/identities [to.bitkit.tnet] exception 0 [] "
                    + "RuntimeException: DeadObjectException"))
    }

    @Test func aRevokedGrantFailsTheWholeListingWithTheSystemsDenial() {
        let device = F()
        device.installBitkit("to.bitkit", key: .stored(F.aSecret))
        device.installBitkit("to.bitkit.dev")
        device.revoked.withLock { $0 = [AndroidContract.permission(of: "to.bitkit.dev")] }
        let denial =
            "Permission Denial: reading to.bitkit.dev.sharedpubky requires to.bitkit.dev.permission.READ_SHARED_PUBKY"
        #expect(device.ringModule().listPeers() == .unknown(denial))
    }

    @Test func rowsAreNeitherValidatedNorDeDuplicated() {
        let device = F()
        device.installBitkit("to.bitkit")
        device.install(
            "to.bitkit.tnet", provider: ScriptedProvider(rows: [.pubky("junk"), .pubky(nil), .pubky(F.w)]))
        device.installBitkit("to.bitkit.dev")
        #expect(
            device.ringModule().listPeers().identities.map(\.record) == [
                "to.bitkit:\(F.w)", "to.bitkit.tnet:junk", "to.bitkit.tnet:\(F.w)", "to.bitkit.dev:\(F.w)",
            ])
    }

    // MARK: getExternalSecret(pubky, sourceApp)

    @Test func aTrustedBitkitsSecretIsFound() {
        let device = F()
        device.installBitkit("to.bitkit.dev")
        #expect(device.ringModule().readSecret(Self.w) == .found(F.wSecret))
        #expect(
            device.takeCalls() == [
                "app.pubkyring to.bitkit.dev.sharedpubky/\(F.credential(F.w)) [to.bitkit.dev] rows 1 [\"\(F.w)\"]"
            ])
        #expect(
            device.takeEvents() == [
                SharingEvent(op: .credential, peer: "bitkit", record: Self.w.record, result: .found)
            ])
    }

    @Test func anUntrustedAbsentOrUnknownSourceIsMissingOrMalformedWithoutAQuery() {
        let device = F()
        let module = device.ringModule()
        #expect(module.readSecret(Self.w) == .unknown("Shared record is missing or malformed"))
        device.installBitkit("to.bitkit.dev", certificate: F.release)
        #expect(module.readSecret(Self.w) == .unknown("Shared record is missing or malformed"))
        device.install("com.other", provider: ScriptedProvider(rows: [.credential(F.w, F.wSecret)]))
        let foreign = SharedIdentity(pubky: F.w, sourceApp: "com.other")
        #expect(module.readSecret(foreign) == .unknown("Shared record is missing or malformed"))
        #expect(device.takeCalls() == [])
    }

    @Test func noRowOrANullCursorIsMissingOrMalformed() {
        let device = F()
        device.installBitkit("to.bitkit.dev", key: .stored(F.aSecret))
        #expect(device.ringModule().readSecret(Self.w) == .unknown("Shared record is missing or malformed"))
        device.setKey("to.bitkit.dev", .failing)
        #expect(device.ringModule().readSecret(Self.w) == .unknown("Shared record is missing or malformed"))
        #expect(device.takeCalls().map { $0.split(separator: " ")[3] } == ["empty", "null"])
    }

    @Test func anotherKeysSecretDoesNotBelong() {
        let device = F()
        device.install("to.bitkit.dev", provider: ScriptedProvider(rows: [.credential(F.w, F.aSecret)]))
        #expect(device.ringModule().readSecret(Self.w) == .unknown("Shared record does not belong to this pubky"))
    }

    @Test(arguments: [
        String(AndroidFixture.wSecret.dropLast(2)), AndroidFixture.wSecret.uppercased(),
        String(repeating: "z", count: 64), AndroidFixture.wSecret + "\n",
    ])
    func aMalformedSecretIsMissingOrMalformed(secret: String) {
        let device = F()
        device.install("to.bitkit.dev", provider: ScriptedProvider(rows: [.credential(F.w, secret)]))
        #expect(device.ringModule().readSecret(Self.w) == .unknown("Shared record is missing or malformed"))
    }

    @Test func onlyTheFirstRowsSecretIsRead() {
        let device = F()
        device.install(
            "to.bitkit.dev",
            provider: ScriptedProvider(rows: [.credential(F.w, F.wSecret), .credential(F.w, "junk")]))
        #expect(device.ringModule().readSecret(Self.w) == .found(F.wSecret))
        device.install(
            "to.bitkit.dev",
            provider: ScriptedProvider(rows: [.credential(F.w, nil), .credential(F.w, F.wSecret)]))
        #expect(device.ringModule().readSecret(Self.w) == .unknown("Shared record is missing or malformed"))
    }

    @Test func anExceptionRejectsTheReadWithItsMessage() {
        let device = F()
        device.installBitkit("to.bitkit.dev")
        device.fault("to.bitkit.dev.sharedpubky", F.credential(F.w), .exception("binder died"))
        #expect(device.ringModule().readSecret(Self.w) == .unknown("binder died"))
        #expect(
            device.takeEvents() == [
                SharingEvent(
                    op: .credential, peer: "bitkit", record: Self.w.record, result: .unknown, detail: "binder died")
            ])
        #expect(device.takeCalls().map { $0.hasSuffix("exception 0 [] RuntimeException: binder died") } == [true])
    }

    @Test func thePathPubkyIsSentAsGivenAndMustDeriveExactly() {
        let device = F()
        device.installBitkit("to.bitkit.dev")
        let prefixed = SharedIdentity(pubky: "pubky" + F.w, sourceApp: "to.bitkit.dev")
        // Bitkit serves W for its prefixed path; Ring's check wants the stored pubky exactly.
        #expect(device.ringModule().readSecret(prefixed) == .unknown("Shared record does not belong to this pubky"))
        #expect(device.takePasses().map(\.path) == [F.credential("pubky" + F.w)])
    }

    // MARK: setOwned / removeOwned / removeAllOwned

    @Test func offeringMirrorsTheSecretInPlaceAndRingsProviderServesIt() throws {
        let device = F()
        device.installRing()
        let module = device.ringModule()
        var between = 0
        #expect(module.offer(pubky: F.a, secret: F.aSecret, between: { between += 1 }) == .done)
        #expect(module.offer(pubky: F.b, secret: F.bSecret, between: { between += 1 }) == .done)
        #expect(module.offer(pubky: F.a, secret: F.aSecret, between: { between += 1 }) == .done)
        #expect(between == 0)
        #expect(try device.store.entries().map(\.pubky) == [F.a, F.b])
        #expect(device.bitkitClient().readSecret(SharedIdentity(pubky: F.a, sourceApp: F.ring)) == .found(F.aSecret))
        #expect(
            device.takeEvents().prefix(3)
                == [
                    SharingEvent(
                        op: .offer, peer: "bitkit", record: "app.pubkyring:\(F.a)", records: ["app.pubkyring:\(F.a)"],
                        result: .done),
                    SharingEvent(
                        op: .offer, peer: "bitkit", record: "app.pubkyring:\(F.b)", records: ["app.pubkyring:\(F.b)"],
                        result: .done),
                    SharingEvent(
                        op: .offer, peer: "bitkit", record: "app.pubkyring:\(F.a)", records: ["app.pubkyring:\(F.a)"],
                        result: .done),
                ])
    }

    @Test func withdrawingRemovesOneEntryAndAnAbsentOneIsDone() throws {
        let device = F()
        let module = device.ringModule()
        _ = module.offer(pubky: F.a, secret: F.aSecret, between: {})
        _ = module.offer(pubky: F.b, secret: F.bSecret, between: {})
        _ = device.takeEvents()
        #expect(module.withdraw(pubky: F.a) == .done)
        #expect(module.withdraw(pubky: F.a) == .done)
        #expect(try device.store.entries().map(\.pubky) == [F.b])
        #expect(device.takeEvents().map(\.records) == [["app.pubkyring:\(F.a)"], []])
    }

    @Test func withdrawingAllClearsTheStoreInOneStepWithoutPerEntryCallbacks() throws {
        let device = F()
        device.installRing()
        let module = device.ringModule()
        _ = module.offer(pubky: F.b, secret: F.bSecret, between: {})
        _ = module.offer(pubky: F.a, secret: F.aSecret, between: {})
        var before = 0
        let withdrawal = module.withdrawAll { _ in before += 1 }
        #expect(
            withdrawal
                == Withdrawal(tried: [
                    SharedIdentity(pubky: F.b, sourceApp: F.ring), SharedIdentity(pubky: F.a, sourceApp: F.ring),
                ]))
        #expect(before == 0)
        #expect(try device.store.entries() == [])
        #expect(device.bitkitClient().listPeers() == .listed([]))
    }

    @Test func aMalformedStoreFailsOffersAndWithdrawalsAndIsLeftAsItWas() throws {
        let device = F()
        let module = device.ringModule()
        _ = module.offer(pubky: F.a, secret: F.aSecret, between: {})
        let garbage = Data("[]".utf8)
        try garbage.write(to: device.storeFile)
        let offer = module.offer(pubky: F.b, secret: F.bSecret, between: {})
        #expect(offer.failure?.hasPrefix("shared_pubky.json is malformed") == true)
        #expect(module.withdraw(pubky: F.a).failure?.hasPrefix("shared_pubky.json is malformed") == true)
        #expect(try Data(contentsOf: device.storeFile) == garbage)
    }
}
