import AppSupport
import ContractNames
import RingApp
import Testing

/// The lifecycle's offer loads (spec/03 §4), Ring on a phone in memory (`MemoryRing`) on both
/// platforms: Bitkit's records are listed through Ring's real exchange over the phone.
@Suite struct LifecycleMemoryTests {
    @Test(arguments: Platform.allCases)
    func anActionOnARingThatIsNotRunningLaunchesItFirstWithItsToasts(platform: Platform) {
        let ring = MemoryRing(on: platform)
        ring.send(.finishOnboarding)
        ring.bitkitPublish(secret: Key.wSecret)
        ring.send(.showOffer(ref: "#1"), .confirm)
        ring.send(.kill)
        ring.bitkitRemove()
        let screen = ring.send(.openSettings)
        #expect(screen.route == "settings")
        #expect(
            screen.toasts.map(\.text) == [
                "info · Bitkit pubky removed · A pubky you were using from Bitkit is no longer available."
            ])
        #expect(ring.snapshot.running)
    }

    @Test(arguments: Platform.allCases)
    func backgroundChangesNothingAndForegroundReloadsOffers(platform: Platform) {
        let ring = MemoryRing(on: platform)
        ring.send(.finishOnboarding)
        ring.send(.background)
        ring.bitkitPublish(secret: Key.wSecret)
        #expect(ring.snapshot.offers.isEmpty)
        let screen = ring.send(.foreground)
        #expect(screen.rows.map(\.id) == ["ExternalPubkyBox-0"])
    }
}
