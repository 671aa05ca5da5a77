import AppSupport
import ContractNames
import IdentitySharing
import Keychain
import RingApp
import Testing

/// Bitkit's pubkys offered and pruned (spec/03 §4–§5, §8; spec/07 §5), Ring on a phone in memory
/// (`MemoryRing`) on both platforms: Bitkit's records are listed through Ring's real exchange over
/// the phone (the shared group on iOS; every trusted Bitkit package's provider on Android).
@Suite struct OfferAndPruneMemoryTests {
    @Test(arguments: Platform.allCases)
    func offersShowTheRecordsOfAllThreeBitkitPrefixesNamedAfterTheEntryCount(platform: Platform) throws {
        let ring = MemoryRing(on: platform)
        ring.send(.importSecret(hex: Key.aSecret, name: nil), .importSecret(hex: Key.bSecret, name: nil))
        ring.bitkitPublish(secret: Key.wSecret, sourceApp: "to.bitkit")
        ring.bitkitPublish(secret: Key.cSecret, sourceApp: "to.bitkit.tnet")
        ring.bitkitPublish(secret: Key.wSecret, sourceApp: "to.bitkit.dev")
        // A record under no Bitkit prefix (a tool's, in the iOS group; Android has no such place).
        ring.world.bitkitPublishes([(SharedIdentity(pubky: "zzzz", sourceApp: "com.example"), Key.aSecret)])
        let home = ring.send(.home)
        #expect(
            home.rows.map(\.id) == [
                "PubkyBox--0", "PubkyBox--1", "ExternalPubkyBox-0", "ExternalPubkyBox-1", "ExternalPubkyBox-2",
            ])
        let offers = Array(home.rows.dropFirst(2))
        #expect(offers.allSatisfy { $0.title == "pubky #3 (Bitkit)" })
        #expect(offers.map(\.caption) == ["aihfh...na3iy", "gcumb...6a19o", "aihfh...na3iy"])
        #expect(
            offers.allSatisfy {
                $0.pills == ["Bitkit pubky"] && $0.button == "Use in Pubky Ring" && $0.style == "dashed"
            })
        #expect(ring.snapshot.offers.map(\.sourceApp) == ["to.bitkit", "to.bitkit.tnet", "to.bitkit.dev"])
    }

    @Test(arguments: Platform.allCases)
    func emptyHomeShowsTheEmptyStateTheOfferThenTheAddButton(platform: Platform) {
        let ring = MemoryRing(on: platform)
        ring.bitkitPublish(secret: Key.wSecret)
        let home = ring.send(.finishOnboarding)
        #expect(home.texts == ["Get started,\nadd a pubky."])
        #expect(home.rows.map(\.title) == ["pubky #1 (Bitkit)"])
        #expect(home.buttons.map(\.id) == ["AddPubkyButton"])
    }

    @Test(arguments: Platform.allCases)
    func aPubkyRingListsIsNeverOfferedWhateverItsSource(platform: Platform) {
        let ring = MemoryRing(on: platform)
        ring.send(.importSecret(hex: Key.wSecret, name: nil))
        ring.bitkitPublish(secret: Key.wSecret, sourceApp: "to.bitkit")
        ring.bitkitPublish(secret: Key.wSecret, sourceApp: "to.bitkit.dev")
        #expect(ring.send(.home).rows.count == 1)
    }

    /// Before onboarding Ring never lists Bitkit's records (no sharing call at all).
    @Test(arguments: Platform.allCases)
    func offersAreLoadedOnlyOnceOnboardingIsDone(platform: Platform) {
        let ring = MemoryRing(on: platform)
        ring.bitkitPublish(secret: Key.wSecret)
        ring.send(.launch)
        #expect(ring.snapshot.offers.isEmpty)
        #expect(ring.sharingCalls.isEmpty)
    }

    @Test(arguments: Platform.allCases)
    func theUseSheetShowsTheExactTexts(platform: Platform) throws {
        let ring = MemoryRing(on: platform)
        ring.send(.importSecret(hex: Key.aSecret, name: nil))
        ring.bitkitPublish(secret: Key.wSecret)
        let sheet = try #require(ring.send(.showOffer(ref: "#1")).sheet)
        #expect(sheet.id == "use-external-pubky")
        #expect(sheet.title == "Use Bitkit pubky")
        #expect(
            sheet.texts == [
                "Your pubky.", "Use this pubky in Pubky Ring to authorize services, while it stays managed by Bitkit.",
            ])
        #expect(sheet.rows.map(\.title) == ["pubky #2 (Bitkit)"])
        #expect(sheet.rows.map(\.caption) == [Key.w])
        #expect(sheet.buttons.map(\.id) == ["UseExternalPubkyConfirmButton"])
        #expect(sheet.buttons.map(\.label) == ["Use in Pubky Ring"])
    }

    @Test(arguments: Platform.allCases)
    func pruneRemovesEveryAdoptionWhoseRecordIsGoneWithOneToastForTheBatch(platform: Platform) {
        let ring = MemoryRing(on: platform)
        ring.send(.importSecret(hex: Key.aSecret, name: nil))
        ring.bitkitPublish(secret: Key.wSecret)
        ring.bitkitPublish(secret: Key.cSecret, sourceApp: "to.bitkit")
        ring.send(.showOffer(ref: "#1"), .confirm)
        ring.send(.showOffer(ref: "#1"), .confirm)
        // iOS lists in keychain order (spec/01 §11); Android asks the Bitkit packages in their fixed
        // order (spec/07 §5), so offer #1 differs.
        let adopted = platform == .android ? ["to.bitkit", "to.bitkit.dev"] : ["to.bitkit.dev", "to.bitkit"]
        #expect(ring.snapshot.pubkys.map(\.sourceApp) == [nil] + adopted)
        ring.bitkitRemove()
        ring.bitkitRemove(sourceApp: "to.bitkit")
        let screen = ring.send(.foreground)
        #expect(
            screen.toasts.map(\.text) == [
                "info · Bitkit pubky removed · A pubky you were using from Bitkit is no longer available."
            ])
        #expect(ring.snapshot.pubkys.map(\.pubky) == [Key.a])
        #expect(screen.rows.map(\.id) == ["PubkyBox--0"])
        #expect(ring.world.phone.sharedRecords.keys.sorted() == ["app.pubkyring:\(Key.a)"])
        #expect(ring.send(.foreground).toasts.isEmpty, "the toast is shown once")
    }

    @Test(arguments: Platform.allCases)
    func pruneMatchesThePubkyAndTheSourceApp(platform: Platform) {
        let ring = MemoryRing(on: platform)
        ring.send(.finishOnboarding)
        ring.bitkitPublish(secret: Key.wSecret, sourceApp: "to.bitkit")
        ring.send(.showOffer(ref: "\(Key.w)@to.bitkit"), .confirm)
        // The same pubky under another Bitkit prefix does not keep the adoption alive.
        ring.bitkitPublish(secret: Key.wSecret, sourceApp: "to.bitkit.dev")
        ring.bitkitRemove(sourceApp: "to.bitkit")
        let screen = ring.send(.home)
        #expect(screen.toasts.count == 1)
        #expect(ring.snapshot.pubkys.isEmpty)
        #expect(screen.rows.map(\.title) == ["pubky #1 (Bitkit)"])
    }

    @Test(arguments: Platform.allCases)
    func removingAnotherPrefixsRecordKeepsTheAdoption(platform: Platform) {
        let ring = MemoryRing(on: platform)
        ring.send(.finishOnboarding)
        ring.bitkitPublish(secret: Key.wSecret, sourceApp: "to.bitkit")
        ring.bitkitPublish(secret: Key.wSecret, sourceApp: "to.bitkit.dev")
        ring.send(.showOffer(ref: "\(Key.w)@to.bitkit"), .confirm)
        ring.bitkitRemove(sourceApp: "to.bitkit.dev")
        let screen = ring.send(.foreground)
        #expect(screen.toasts.isEmpty)
        #expect(ring.snapshot.pubkys.map(\.sourceApp) == ["to.bitkit"])
    }

    /// A listing that fails keeps the offers exactly as they were shown (an iOS keychain status).
    @Test func aPubkyImportedWhileListingsFailKeepsItsStaleCardUntilOneSucceeds() {
        let ring = MemoryRing(on: .ios)
        ring.send(.finishOnboarding)
        ring.bitkitPublish(secret: Key.wSecret)
        #expect(ring.send(.home).rows.map(\.id) == ["ExternalPubkyBox-0"])
        ring.world.ringKeychainFails(.list, status: -25308)
        ring.send(.importSecret(hex: Key.wSecret, name: nil))
        let stale = ring.send(.home)
        // The offers are kept exactly as they were shown, not filtered against Ring's W.
        #expect(stale.rows.map(\.id) == ["PubkyBox--0", "ExternalPubkyBox-0"])
        #expect(stale.toasts.isEmpty)
        ring.world.phone.clearFaults()
        #expect(ring.send(.home).rows.map(\.id) == ["PubkyBox--0"])
    }

    /// spec/07 §10 row 14 on both phones: without access to Bitkit's records (a missing
    /// entitlement; revoked signature permissions) the listing fails and nothing is pruned.
    @Test(arguments: Platform.allCases)
    func withoutAccessToBitkitsRecordsNothingIsPrunedAndNoToastShows(platform: Platform) {
        let ring = MemoryRing(on: platform)
        ring.send(.finishOnboarding)
        ring.bitkitPublish(secret: Key.wSecret)
        ring.send(.showOffer(ref: "#1"), .confirm)
        ring.bitkitRemove()
        ring.world.ringLosesAccess()
        let screen = ring.send(.foreground)
        #expect(screen.toasts.isEmpty)
        #expect(ring.snapshot.pubkys.map(\.pubky) == [Key.w])
    }

    @Test(arguments: Platform.allCases)
    func anEmptyListingIsAuthoritative(platform: Platform) {
        let ring = MemoryRing(on: platform)
        ring.send(.finishOnboarding)
        ring.bitkitPublish(secret: Key.wSecret)
        ring.send(.showOffer(ref: "#1"), .confirm)
        ring.bitkitRemove()
        #expect(ring.world.phone.sharedRecords.isEmpty)
        #expect(ring.send(.home).toasts.count == 1)
    }
}
