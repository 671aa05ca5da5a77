import AppSupport
import Foundation
import Keychain
import RingApp
import Testing

@Suite struct OfferAndPruneTests {
    @Test func offersShowTheRecordsOfAllThreeBitkitPrefixesNamedAfterTheEntryCount() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil), .importSecret(hex: Key.bSecret, name: nil))
        try sim.bitkitPublish(secret: Key.wSecret, sourceApp: "to.bitkit")
        try sim.bitkitPublish(secret: Key.cSecret, sourceApp: "to.bitkit.tnet")
        try sim.bitkitPublish(secret: Key.wSecret, sourceApp: "to.bitkit.dev")
        try sim.bitkitPublish("zzzz", value: Key.aSecret, sourceApp: "com.example")
        let home = try sim.ring(.home)
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
        #expect(try sim.snapshot().offers.map(\.sourceApp) == ["to.bitkit", "to.bitkit.tnet", "to.bitkit.dev"])
    }

    @Test func emptyHomeShowsTheEmptyStateTheOfferThenTheAddButton() throws {
        let sim = try RingTestWorld()
        try sim.bitkitPublish(secret: Key.wSecret)
        let home = try sim.ring(.finishOnboarding)
        #expect(home.texts == ["Get started,\nadd a pubky."])
        #expect(home.rows.map(\.title) == ["pubky #1 (Bitkit)"])
        #expect(home.buttons.map(\.id) == ["AddPubkyButton"])
    }

    @Test func aPubkyRingListsIsNeverOfferedWhateverItsSource() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.wSecret, name: nil))
        try sim.bitkitPublish(secret: Key.wSecret, sourceApp: "to.bitkit")
        try sim.bitkitPublish(secret: Key.wSecret, sourceApp: "to.bitkit.dev")
        #expect(try sim.ring(.home).rows.count == 1)
    }

    @Test func offersAreLoadedOnlyOnceOnboardingIsDone() throws {
        let sim = try RingTestWorld()
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.ring(.launch)
        #expect(try sim.snapshot().offers.isEmpty)
        #expect(try sim.journal().contains { $0.app == "ring" && $0.event == "keychain" && $0.op == "copy" } == false)
    }

    @Test func theUseSheetShowsTheExactTexts() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        try sim.bitkitPublish(secret: Key.wSecret)
        let sheet = try #require(try sim.ring(.showOffer(ref: "#1")).sheet)
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

    @Test func pruneRemovesEveryAdoptionWhoseRecordIsGoneWithOneToastForTheBatch() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.bitkitPublish(secret: Key.cSecret, sourceApp: "to.bitkit")
        try sim.ring(.showOffer(ref: "#1"), .confirm)
        try sim.ring(.showOffer(ref: "#1"), .confirm)
        #expect(try sim.snapshot().pubkys.map(\.sourceApp) == [nil, "to.bitkit.dev", "to.bitkit"])
        try sim.bitkitRemove(Key.w)
        try sim.bitkitRemove(Key.c, sourceApp: "to.bitkit")
        let screen = try sim.ring(.foreground)
        #expect(
            screen.toasts.map(\.text) == [
                "info · Bitkit pubky removed · A pubky you were using from Bitkit is no longer available."
            ])
        #expect(try sim.snapshot().pubkys.map(\.pubky) == [Key.a])
        #expect(screen.rows.map(\.id) == ["PubkyBox--0"])
        #expect(try sim.sharedAccounts() == ["app.pubkyring:\(Key.a)"])
        #expect(try sim.ring(.foreground).toasts.isEmpty, "the toast is shown once")
    }

    @Test func pruneMatchesThePubkyAndTheSourceApp() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.bitkitPublish(secret: Key.wSecret, sourceApp: "to.bitkit")
        try sim.ring(.showOffer(ref: "\(Key.w)@to.bitkit"), .confirm)
        // The same pubky under another Bitkit prefix does not keep the adoption alive.
        try sim.bitkitPublish(secret: Key.wSecret, sourceApp: "to.bitkit.dev")
        try sim.bitkitRemove(Key.w, sourceApp: "to.bitkit")
        let screen = try sim.ring(.home)
        #expect(screen.toasts.count == 1)
        #expect(try sim.snapshot().pubkys.isEmpty)
        #expect(screen.rows.map(\.title) == ["pubky #1 (Bitkit)"])
    }

    @Test func removingAnotherPrefixsRecordKeepsTheAdoption() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.bitkitPublish(secret: Key.wSecret, sourceApp: "to.bitkit")
        try sim.bitkitPublish(secret: Key.wSecret, sourceApp: "to.bitkit.dev")
        try sim.ring(.showOffer(ref: "\(Key.w)@to.bitkit"), .confirm)
        try sim.bitkitRemove(Key.w, sourceApp: "to.bitkit.dev")
        let screen = try sim.ring(.foreground)
        #expect(screen.toasts.isEmpty)
        #expect(try sim.snapshot().pubkys.map(\.sourceApp) == ["to.bitkit"])
    }

    @Test func aListingFailurePrunesNothingKeepsTheOffersAndShowsNoToast() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.bitkitPublish(secret: Key.cSecret)
        try sim.ring(.showOffer(ref: "#1"), .confirm)
        try sim.bitkitRemove(Key.w)
        for failure in [ProtectionState.locked, .neverUnlocked] {
            try sim.setProtection(failure)
            let screen = try sim.ring(.foreground)
            #expect(screen.toasts.isEmpty)
            #expect(try sim.snapshot().pubkys.map(\.pubky) == [Key.w])
            #expect(screen.rows.map(\.id) == ["PubkyBox-pubky1Bitkit-0", "ExternalPubkyBox-0"])
        }
        try sim.setProtection(.unlocked)
        try sim.fault(.list, account: "*", status: OSStatus(-34018), times: 1)
        #expect(try sim.ring(.foreground).toasts.isEmpty)
        #expect(try sim.snapshot().pubkys.count == 1)
        #expect(try sim.ring(.foreground).toasts.count == 1, "the next successful listing prunes")
    }

    @Test func aPubkyImportedWhileListingsFailKeepsItsStaleCardUntilOneSucceeds() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.bitkitPublish(secret: Key.wSecret)
        #expect(try sim.ring(.home).rows.map(\.id) == ["ExternalPubkyBox-0"])
        try sim.fault(.list, account: "*", status: OSStatus(-25308))
        try sim.ring(.importSecret(hex: Key.wSecret, name: nil))
        let stale = try sim.ring(.home)
        // The offers are kept exactly as they were shown, not filtered against Ring's W.
        #expect(stale.rows.map(\.id) == ["PubkyBox--0", "ExternalPubkyBox-0"])
        #expect(stale.toasts.isEmpty)
        try sim.clearFaults()
        #expect(try sim.ring(.home).rows.map(\.id) == ["PubkyBox--0"])
    }

    @Test func anEmptyListingIsAuthoritative() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.ring(.showOffer(ref: "#1"), .confirm)
        try sim.bitkitRemove(Key.w)
        #expect(try sim.sharedAccounts().isEmpty)
        #expect(try sim.ring(.home).toasts.count == 1)
    }

    @Test func pruneRemovesTheAdoptionsSessionItemsAndAnOpenDetailRendersEmpty() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.signUpElsewhere(Key.wSecret)
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.ring(.showOffer(ref: "#1"), .confirm)
        try sim.writePrivate(
            service: "pubky-session:\(Key.w):0d4a9a3c-0000-5000-8000-000000000000", value: Array("x".utf8))
        try sim.writePrivate(
            service: "pubky-session:\(Key.a):0d4a9a3c-0000-5000-8000-000000000000", value: Array("y".utf8))
        try sim.ring(.open(ref: "#1"))
        try sim.bitkitRemove(Key.w)
        // The app becomes active on the detail screen, with Home in the stack: the offer load runs.
        let screen = try sim.ring(.foreground)
        #expect(screen.route == "detail")
        #expect(screen.rows.isEmpty && screen.buttons.map(\.id) == ["AppHeaderBackButton"] && screen.title == nil)
        #expect(
            try sim.privateItems().map(\.service) == ["pubky-session:\(Key.a):0d4a9a3c-0000-5000-8000-000000000000"])
    }

    @Test func anUnknownOfferIsAUsageError() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        #expect(throws: RingAppError.unknownOffer("#1", available: [])) { try sim.ring(.showOffer(ref: "#1")) }
    }
}
