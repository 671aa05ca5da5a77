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

@Suite struct SDKFaultTests {
    @Test func aFailedImportFallsBackToSigningInWithTheActiveKey() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        try world.send(.save)
        let before = try #require(try world.privateItems()["paykit_session"])
        try world.addSDKFault("import-session", remaining: 1)
        let screen = try world.send(.relaunch)
        #expect(screen.toasts.isEmpty)
        #expect(try world.state().identity.authState == .authenticated)
        #expect(try world.privateItems()["paykit_session"] != before)
    }

    @Test func aFailedSignInOfAPickedKeyWithARecordIsTheSignInError() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.aSecret)
        try world.ringSignUp(Fixture.aSecret)
        try world.addSDKFault("sign-in", remaining: 1)
        let screen = try world.send(.pick(.pubky(Fixture.a)))
        #expect(
            screen.toastTexts == [
                "error · Could Not Use Pubky · Authentication failed: Simulated SDK failure (sign-in)"
            ])
        #expect(try world.state().reference == nil)
    }

    @Test func everyDocumentedFaultNameIsUnique() {
        let names = BitkitSDKFault.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        #expect(names.contains("forget-session"))
    }
}
