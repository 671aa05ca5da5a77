import BitkitApp
import ContractNames
import Testing

/// An auth link approved with the picked Ring key, read just in time (spec/02 §14, spec/07 §6.4),
/// Bitkit on a phone in memory (`MemoryBitkit`): the key comes through Bitkit's real exchange.
@Suite struct ScannerMemoryTests {
    /// A sign-in link as a relay makes it (the relay and the homeserver are not this test's subject).
    static let signinLink =
        "pubkyauth://signin?caps=/pub/pubky.app/:rw&relay=https://httprelay.pubky.app/inbox&secret=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"

    private func pickedA(on platform: Platform) throws -> MemoryBitkit {
        let bitkit = MemoryBitkit(on: platform)
        bitkit.baseline()
        bitkit.ringImport(Fixture.aSecret)
        bitkit.ringSignUp(Fixture.aSecret)
        _ = try bitkit.screen(.pick(.pubky(Fixture.a)))
        return bitkit
    }

    private func approved(_ bitkit: MemoryBitkit) -> Bool {
        bitkit.networkCalls.contains { if case .approve = $0 { return true } else { return false } }
    }

    /// R11: an adopted record holding another key's secret is kept, but nothing is signed with it.
    @Test(arguments: Platform.allCases)
    func anUnreadableRingKeyGivesTheUsePubkyRingWarningBeforeAnySheet(platform: Platform) throws {
        let bitkit = try pickedA(on: platform)
        bitkit.ringPublish(Fixture.a, secret: Fixture.bSecret)
        bitkit.send(.background)
        #expect(try bitkit.screen(.foreground).toasts.isEmpty)
        let screen = try bitkit.screen(.scan(Self.signinLink))
        #expect(
            screen.toastTexts == [
                "warning · Use Pubky Ring · Bitkit can't read the key for this pubky from Pubky Ring. Open Pubky Ring to approve this request."
            ])
        #expect(screen.sheet == nil)
        #expect(bitkit.state.defaults.reference?.pubky == Fixture.a)
        #expect(!approved(bitkit))
    }

    /// iOS: the lock makes the key unreadable after the sheet opened (on Android the lock gates nothing).
    @Test func aKeyThatDisappearsBeforeAuthorizeGivesPubkyIdentityRequiredAndTheSheetStays() throws {
        let bitkit = try pickedA(on: .ios)
        bitkit.send(.scan(Self.signinLink))
        bitkit.world.phone.locked = true
        let screen = try bitkit.screen(.approve)
        #expect(screen.toastTexts == ["error · Pubky Identity Required"])
        #expect(screen.sheet?.id == "pubky-auth-approval")
        #expect(screen.sheet?.buttons.last?.label == "Authorize")
        #expect(!approved(bitkit))
    }
}
