import AppSupport
import BitkitApp
import Foundation
import Keychain
import PubkyCrypto
import Testing

/// Pubky Choice on a world on disk: the runtime's refusal of a row that is not listed. The rest
/// runs on a phone in memory (`PubkyChoiceMemoryTests`).
@Suite struct PubkyChoiceTests {
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
