import AppSupport
import BitkitApp
import Foundation
import Keychain
import PubkyCrypto
import Testing

@Suite struct PubkyChoiceTests {
    @Test func ringPubkysAreListedInOrderWithUppercaseCaptionsAndNoCreateCard() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.aSecret)
        try world.ringSignUp(Fixture.aSecret)
        try world.ringImport(Fixture.bSecret)
        let screen = try world.send(.open(.profile))
        #expect(screen.route == "pubkyChoice")
        #expect(screen.title == "Enter the\nfreedom web")
        #expect(screen.texts == ["Use an existing pubky from Pubky Ring."])
        #expect(screen.rowIDs == ["PubkyChoiceRing_\(Fixture.a)", "PubkyChoiceRing_\(Fixture.b)"])
        #expect(screen.rows.map(\.caption) == ["TKRQ...P7QY", "ORHZ...SQKY"])
        #expect(screen.rows.map(\.title) == ["tkrq...p7qy", "orhz...sqky"])
        #expect(!screen.rowIDs.contains("PubkyChoiceCreate"))
        let state = try world.state()
        #expect(state.reference == nil)
        #expect(state.privateKeychain["pubky_secret_key"] == false)
        #expect(state.privateKeychain["paykit_session"] == false)
    }

    @Test func anEmptyListShowsExactlyTheCreateCard() throws {
        let world = try TestWorld()
        try world.baseline()
        let screen = try world.send(.open(.profile))
        #expect(screen.texts == ["Create a new pubky and profile in Bitkit."])
        #expect(screen.rows.count == 1)
        #expect(screen.rows.first?.id == "PubkyChoiceCreate")
        #expect(screen.rows.first?.caption == "NEW PUBKY")
        #expect(screen.rows.first?.title == "Create profile with Bitkit")
    }

    @Test func aLockedDeviceListsNothingSoTheCreateCardShows() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.aSecret)
        try world.setProtection(.locked)
        let screen = try world.send(.open(.profile))
        #expect(screen.rowIDs == ["PubkyChoiceCreate"])
    }

    @Test func aRowShowsTheRemoteProfileNameAsTitleAndKeepsTheKeyCaption() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.aSecret)
        try world.ringSignUp(Fixture.aSecret)
        let session = try world.client().signIn(keyPair: #require(.init(secretHex: Fixture.aSecret))).value
        _ = try world.client().putPubkyAppProfile(.init(name: "Alice"), session: session)
        let screen = try world.send(.open(.profile))
        #expect(screen.rows.first?.title == "Alice")
        #expect(screen.rows.first?.caption == "TKRQ...P7QY")
    }

    @Test func nineRowsAreListedInImportOrderAndTheNinthCanBePicked() throws {
        let world = try TestWorld()
        try world.baseline()
        let secrets = (1...9).map { String(repeating: String(format: "%02x", $0), count: 32) }
        for secret in secrets { try world.ringImport(secret) }
        try world.ringSignUp(secrets[8])
        let screen = try world.send(.open(.profile))
        #expect(screen.rows.count == 9)
        #expect(!screen.rowIDs.contains("PubkyChoiceCreate"))
        let ninth = try #require(Ed25519KeyPair(secretHex: secrets[8])).pubky
        #expect(screen.rows.last?.caption == "\(ninth.prefix(4))...\(ninth.suffix(4))".uppercased())
        let after = try world.send(.pick(.index(9)))
        #expect(after.route == "createProfile")
        #expect(try world.state().reference?.pubky == ninth)
    }

    @Test func foregroundReloadsAVisiblePubkyChoice() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.send(.open(.profile))
        try world.send(.background)
        try world.ringImport(Fixture.aSecret)
        let screen = try world.send(.foreground)
        #expect(screen.rowIDs == ["PubkyChoiceRing_\(Fixture.a)"])
    }

    @Test func theIntroIsShownUntilSeenAndContinueLeadsToPubkyChoice() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.send(.setProfileIntroSeen(false))
        let intro = try world.send(.open(.profile))
        #expect(intro.route == "profileIntro")
        let choice = try world.send(.continueFlow)
        #expect(choice.route == "pubkyChoice")
        #expect(choice.stack == ["home", "pubkyChoice"])
        #expect(try world.state().profileIntroSeen)
    }

    @Test func withThePaykitUIOffProfileAndPubkyChoiceAreRefusedAndTheScreenStays() throws {
        let world = try TestWorld()
        try world.send(.launch)
        try world.send(.restoreWallet(mnemonic: Fixture.mnemonic, passphrase: nil))
        try world.ringImport(Fixture.aSecret)
        for route in [BitkitRoute.profile, .pubkyChoice, .createProfile, .payContacts, .contacts, .profileIntro] {
            let outcome = try world.outcome(.open(route))
            #expect(outcome.screen?.route == "home")
            #expect(outcome.notices.count == 1)
        }
        let pick = try world.outcome(.pick(.index(1)))
        #expect(pick.screen?.route == "home")
        #expect(try world.state().reference == nil)
        #expect(try world.sharedAccounts() == ["app.pubkyring:\(Fixture.a)"])
    }

    @Test func pickingARowThatIsNotListedIsAnInvalidArgument() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.aSecret)
        #expect(throws: BitkitAppError.self) { try world.send(.pick(.pubky(Fixture.b))) }
        #expect(throws: BitkitAppError.self) { try world.send(.pick(.index(2))) }
    }
}

@Suite struct PubkyChoiceEntryTests {
    @Test func pubkyChoiceIsNotOfferedOnceAnIdentityExists() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        try world.send(.save)
        try world.send(.home)
        let outcome = try world.outcome(.open(.pubkyChoice))
        #expect(outcome.screen?.route == "profile")
        #expect(outcome.notices.count == 1)
        try world.ringImport(Fixture.aSecret)
        let pick = try world.outcome(.pick(.index(1)))
        #expect(pick.screen?.route == "profile")
        #expect(try world.state().reference == nil)
        #expect(try world.sharedAccounts().contains("to.bitkit.dev:\(Fixture.w)"))
    }
}
