import AppSupport
import BitkitApp
import Device
import Foundation
import Testing

@Suite struct LaunchTests {
    @Test func aFreshInstallShowsOnboardingAndSetsTheInstallMarker() throws {
        let world = try TestWorld()
        let screen = try world.send(.launch)
        #expect(screen.route == "onboarding")
        let state = try world.state()
        #expect(state.running)
        #expect(state.installMarker)
        #expect(!state.wallet)
        #expect(!state.paykitUI)
        #expect(state.identity.kind == .none)
    }

    @Test func theBaselineIsAWalletWithNoIdentityAndNothingShared() throws {
        let world = try TestWorld()
        try world.baseline()
        let state = try world.state()
        #expect(state.wallet)
        #expect(state.paykitUI)
        #expect(state.profileIntroSeen)
        #expect(state.identity.kind == .none)
        #expect(state.identity.isInitialized)
        #expect(state.route == "home")
        #expect(try world.sharedAccounts().isEmpty)
    }
}

@Suite struct DeviceStateLaunchTests {
    @Test func aLaunchBeforeTheFirstUnlockIsHomeUninitialisedNotOnboarding() throws {
        let world = try TestWorld()
        try world.baseline()
        _ = try world.outcome(.kill)
        try world.setProtection(.neverUnlocked)
        let screen = try world.send(.launch)
        #expect(screen.route == "home")
        let state = try world.state()
        #expect(!state.identity.isInitialized)
        #expect(state.identity.initializationErrorMessage != nil)
        #expect(state.wallet)
    }
}
