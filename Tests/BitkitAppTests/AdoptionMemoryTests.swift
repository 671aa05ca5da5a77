import BitkitApp
import ContractNames
import Testing

/// Bitkit's check of the record it adopts (R11, spec/01 §13.1, spec/07 §4), on a phone in memory
/// (`MemoryBitkit`) on both platforms: the record is Ring's, read through Bitkit's real exchange
/// (the keychain group on iOS; Ring's provider and Bitkit's `isValidSecret` on Android).
@Suite struct AdoptionMemoryTests {
    /// R11 and spec/01 §13.1: a secret of another key or a malformed account is "key unavailable".
    @Test(
        arguments: Platform.allCases,
        [
            (Fixture.a, Fixture.bSecret),
            ("malformed-suffix", Fixture.aSecret),
            (Fixture.c, Fixture.cSecret.uppercased()),
            (Fixture.a, Fixture.aSecret + "\n"),
        ])
    func aRecordThatFailsBitkitsCheckIsNeverAdopted(platform: Platform, record: (String, String)) throws {
        let (pubky, data) = record
        let bitkit = MemoryBitkit(on: platform)
        bitkit.baseline()
        bitkit.ringPublish(pubky, secret: data)
        let screen = try bitkit.screen(.pick(.index(1)))
        #expect(screen.toastTexts == [BitkitFixture.unreadableKey(bitkit.world.policy)])
        #expect(!bitkit.networkCalls.contains { if case .signIn = $0 { return true } else { return false } })
        #expect(bitkit.state.defaults.reference == nil)
        #expect(bitkit.world.privateStore[BitkitStoreKey.session] == nil)
    }
}
