import AppSupport
import Foundation
import Keychain
import RingApp
import Testing

/// Offers and prune on a world on disk: what needs the device's protection states and counted
/// faults, Ring's private session items, or the runtime's usage errors. The rest runs on a phone
/// in memory (`OfferAndPruneMemoryTests`).
@Suite struct OfferAndPruneTests {
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
