import BitkitApp
import ContractNames
import Testing

/// Delete Profile's failure and Disconnect (spec/02 §17, spec/07 §10 row 8), Bitkit on a phone in
/// memory (`MemoryBitkit`) on both platforms: its own key is visible to Ring as the platform makes
/// it (its own record on iOS; its provider serving `PUBKY_SECRET_KEY` on Android).
@Suite struct ProfileLifecycleMemoryTests {
    private func ownedW(on platform: Platform) -> MemoryBitkit {
        let bitkit = MemoryBitkit(on: platform)
        bitkit.baseline()
        bitkit.send(.createProfile(name: "Satoshi", bio: nil))
        bitkit.send(.save)
        return bitkit
    }

    @Test(arguments: Platform.allCases)
    func aRealDeletionFailureIsShownAndNothingChanges(platform: Platform) throws {
        let bitkit = ownedW(on: platform)
        #expect(bitkit.world.own == ["to.bitkit.dev:\(Fixture.w)": Fixture.wSecret])
        bitkit.world.faults = [.deleteProfile]
        let screen = try bitkit.screen(.deleteProfile(confirm: true))
        #expect(
            screen.toastTexts == [
                "error · Unable to Delete Profile · We couldn't delete your profile data. Retry, or disconnect this pubky from Bitkit."
            ])
        #expect(bitkit.world.phone.sharedRecords.keys.sorted() == ["to.bitkit.dev:\(Fixture.w)"])
        #expect(bitkit.identityKind == .owned)
    }

    @Test(arguments: Platform.allCases)
    func disconnectShowsTheDialogThenClearsOnlyBitkitsStateOfAnAdoptedPubky(platform: Platform) throws {
        let bitkit = MemoryBitkit(on: platform)
        bitkit.baseline()
        bitkit.ringImport(Fixture.aSecret)
        bitkit.ringSignUp(Fixture.aSecret)
        bitkit.send(.pick(.pubky(Fixture.a)))
        let dialog = try bitkit.screen(.disconnect(confirm: false))
        #expect(dialog.route == "profile")
        #expect(dialog.sheet?.title == "Disconnect Profile")
        #expect(
            dialog.sheet?.texts == [
                "This will disconnect your Pubky profile from Bitkit. You can reconnect at any time."
            ])
        let screen = try bitkit.screen(.approve)
        #expect(screen.stack == ["home"])
        #expect(bitkit.identityKind == .none)
        #expect(bitkit.state.defaults.reference == nil)
        #expect(bitkit.world.phone.sharedRecords == ["app.pubkyring:\(Fixture.a)": Fixture.aSecret])
    }

    @Test(arguments: Platform.allCases)
    func disconnectWithAFailingForgetSessionStillDeletesTheCredentials(platform: Platform) {
        let bitkit = ownedW(on: platform)
        bitkit.world.faults = [.forgetSession]
        bitkit.send(.disconnect(confirm: true))
        #expect(bitkit.world.privateStore[BitkitStoreKey.session] == nil)
        #expect(bitkit.world.privateStore[BitkitStoreKey.secretKey] == nil)
        #expect(bitkit.world.phone.sharedRecords.isEmpty)
    }
}
