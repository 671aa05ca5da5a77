import BitkitApp
import ContractNames
import Keychain
import PhoneTesting
import Testing

/// The source check (spec/02 §16, spec/07 §8; scenarios 7–10, R3), Bitkit on a phone in memory
/// (`MemoryBitkit`) on both platforms: Ring's record is read, listed and lost through the apps'
/// real exchanges, so only the phone's disk is gone.
@Suite struct SourceCheckMemoryTests {
    /// Baseline, Ring imports and signs up A (and B), Bitkit picks A.
    private func pickedA(on platform: Platform, alsoB: Bool = true) throws -> MemoryBitkit {
        let bitkit = MemoryBitkit(on: platform)
        bitkit.baseline()
        bitkit.ringImport(Fixture.aSecret)
        bitkit.ringSignUp(Fixture.aSecret)
        if alsoB {
            bitkit.ringImport(Fixture.bSecret)
            bitkit.ringSignUp(Fixture.bSecret)
        }
        _ = try bitkit.screen(.pick(.pubky(Fixture.a)))
        #expect(bitkit.state.defaults.reference?.pubky == Fixture.a)
        return bitkit
    }

    private func expectCleared(_ bitkit: MemoryBitkit, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(bitkit.state.defaults.reference == nil, sourceLocation: sourceLocation)
        #expect(bitkit.world.privateStore[BitkitStoreKey.session] == nil, sourceLocation: sourceLocation)
        #expect(bitkit.world.privateStore[BitkitStoreKey.secretKey] == nil, sourceLocation: sourceLocation)
        #expect(bitkit.state.memory?.authState == .idle, sourceLocation: sourceLocation)
        #expect(bitkit.state.memory?.publicKey == nil, sourceLocation: sourceLocation)
        #expect(bitkit.identityKind == .none, sourceLocation: sourceLocation)
    }

    /// The homeserver session stays: Bitkit forgets it locally and never signs out.
    private func expectNoSignOut(_ bitkit: MemoryBitkit, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            !bitkit.networkCalls.contains { if case .signOut = $0 { return true } else { return false } },
            sourceLocation: sourceLocation)
    }

    /// Scenario 7: Ring deletes the picked pubky while Bitkit is terminated.
    @Test(arguments: Platform.allCases)
    func aLaunchAfterRingDeletedThePickedPubkyClearsTheIdentityAndStaysHome(platform: Platform) throws {
        let bitkit = try pickedA(on: platform)
        bitkit.send(.kill)
        bitkit.ringDelete(Fixture.a)
        let screen = try bitkit.screen(.launch)
        #expect(screen.route == "home")
        #expect(screen.toastTexts == [Fixture.sourceLost])
        expectCleared(bitkit)
        expectNoSignOut(bitkit)
        let choice = try bitkit.screen(.open(.profile))
        #expect(choice.route == "pubkyChoice")
        #expect(choice.rows.map(\.caption) == ["ORHZ...SQKY"])
        #expect(choice.texts == ["Use an existing pubky from Pubky Ring."])
    }

    /// Scenario 8: on foreground, with Profile in the path, the path becomes [pubkyChoice].
    @Test(arguments: Platform.allCases)
    func aForegroundAfterRingDeletedTheLastPubkyResetsToPubkyChoiceWithTheCreateCard(platform: Platform) throws {
        let bitkit = try pickedA(on: platform, alsoB: false)
        bitkit.send(.home)
        bitkit.send(.open(.profile))
        bitkit.send(.background)
        bitkit.ringDelete(Fixture.a)
        let screen = try bitkit.screen(.foreground)
        #expect(screen.toastTexts == [Fixture.sourceLost])
        #expect(screen.stack == ["home", "pubkyChoice"])
        #expect(screen.texts == ["Create a new pubky and profile in Bitkit."])
        #expect(screen.rowIDs == ["PubkyChoiceCreate"])
        expectCleared(bitkit)
        #expect(bitkit.world.phone.sharedRecords.isEmpty)
    }

    /// Scenario 9: every identity route resets the path.
    @Test(
        arguments: Platform.allCases,
        [BitkitRoute.createProfile, .payContacts, .contacts, .editProfile, .contactDetail, .contactSaved])
    func aLostSourceOnAnIdentityScreenResetsThePathToPubkyChoice(platform: Platform, route: BitkitRoute) throws {
        let bitkit = try pickedA(on: platform)
        if route != .createProfile { bitkit.send(.open(route)) }
        #expect(bitkit.state.memory?.top == route)
        bitkit.send(.background)
        bitkit.ringDelete(Fixture.a)
        let screen = try bitkit.screen(.foreground)
        #expect(screen.toastTexts == [Fixture.sourceLost])
        #expect(screen.stack == ["home", "pubkyChoice"])
        #expect(screen.rows.map(\.caption) == ["ORHZ...SQKY"])
        expectCleared(bitkit)
    }

    /// Scenario 10: without an identity route in the path the screen stays.
    @Test(arguments: Platform.allCases, [BitkitRoute.settings, .contactsIntro, .contactActivity, .send])
    func aLostSourceElsewhereKeepsTheScreen(platform: Platform, route: BitkitRoute) throws {
        let bitkit = try pickedA(on: platform)
        bitkit.send(.home)
        bitkit.send(.open(route))
        bitkit.send(.background)
        bitkit.ringDelete(Fixture.a)
        let screen = try bitkit.screen(.foreground)
        #expect(screen.toastTexts == [Fixture.sourceLost])
        #expect(screen.stack == ["home", route.rawValue])
        expectCleared(bitkit)
        let choice = try bitkit.screen(.open(.profile))
        #expect(choice.route == "pubkyChoice")
        #expect(choice.rows.map(\.caption) == ["ORHZ...SQKY"])
    }

    /// spec/01 §9 and §13: only errSecItemNotFound is "missing" (spec/07 §8: only a listing that
    /// succeeds without the pubky; the lock gates nothing there, and a secret is never read).
    @Test(arguments: Platform.allCases, ["locked", "entitlement", "wrong-secret"])
    func anythingButNotFoundKeepsTheAdoption(platform: Platform, condition: String) throws {
        let bitkit = try pickedA(on: platform)
        bitkit.send(.background)
        switch condition {
        case "locked": bitkit.world.phone.locked = true
        case "entitlement": bitkit.world.bitkitLosesAccess()
        default: bitkit.ringPublish(Fixture.a, secret: Fixture.bSecret)
        }
        let screen = try bitkit.screen(.foreground)
        #expect(screen.toasts.isEmpty)
        #expect(bitkit.state.defaults.reference?.pubky == Fixture.a)
        #expect(bitkit.state.memory?.authState == .authenticated)
        #expect(bitkit.world.privateStore[BitkitStoreKey.session] != nil)
    }

    /// spec/01 §13: a read fault on Ring's record is no "missing" either (an iOS keychain status).
    @Test func aReadFaultOnRingsRecordKeepsTheAdoption() throws {
        let bitkit = try pickedA(on: .ios)
        bitkit.send(.background)
        bitkit.world.phone.arm(
            MemoryPhone.Fault(
                bundleID: "to.bitkit", operation: .read, account: "app.pubkyring:\(Fixture.a)", status: OSStatus(-25291)
            ))
        let screen = try bitkit.screen(.foreground)
        #expect(screen.toasts.isEmpty)
        #expect(bitkit.state.defaults.reference?.pubky == Fixture.a)
        #expect(bitkit.state.memory?.authState == .authenticated)
        #expect(bitkit.world.privateStore[BitkitStoreKey.session] != nil)
    }

    /// R3: a failing forgetSessionAccess still deletes the credentials, in order (spec/02 §16; on
    /// Android the reference survives such a failure by design, spec/07 §8).
    @Test func aFailingForgetSessionAccessStillDeletesSessionThenKey() throws {
        let bitkit = try pickedA(on: .ios)
        bitkit.world.faults = [.forgetSession]
        bitkit.send(.background)
        bitkit.ringDelete(Fixture.a)
        let screen = try bitkit.screen(.foreground)
        #expect(screen.toastTexts == [Fixture.sourceLost])
        expectCleared(bitkit)
        let deletes = bitkit.storeCalls.compactMap { if case .delete(let key) = $0 { return key } else { return nil } }
        let session = try #require(deletes.lastIndex(of: BitkitStoreKey.session))
        let key = try #require(deletes.lastIndex(of: BitkitStoreKey.secretKey))
        #expect(session < key)
        let relaunch = try bitkit.screen(.relaunch)
        #expect(relaunch.toasts.isEmpty)
        #expect(bitkit.state.memory?.publicKey == nil)
        #expect(try bitkit.screen(.open(.profile)).route == "pubkyChoice")
        expectNoSignOut(bitkit)
    }
}
