import BitkitApp
import ContractNames
import PubkyCrypto
import Testing

/// Pubky Choice (spec/02 §10–§12), Bitkit on a phone in memory (`MemoryBitkit`) on both platforms
/// where the rows come from Ring: listed through the apps' real exchanges over the phone.
@Suite struct PubkyChoiceMemoryTests {
    @Test(arguments: Platform.allCases)
    func ringPubkysAreListedInOrderWithUppercaseCaptionsAndNoCreateCard(platform: Platform) throws {
        let bitkit = MemoryBitkit(on: platform)
        bitkit.baseline()
        bitkit.ringImport(Fixture.aSecret)
        bitkit.ringSignUp(Fixture.aSecret)
        bitkit.ringImport(Fixture.bSecret)
        let screen = try bitkit.screen(.open(.profile))
        #expect(screen.route == "pubkyChoice")
        #expect(screen.title == "Enter the\nfreedom web")
        #expect(screen.texts == ["Use an existing pubky from Pubky Ring."])
        #expect(screen.rowIDs == ["PubkyChoiceRing_\(Fixture.a)", "PubkyChoiceRing_\(Fixture.b)"])
        #expect(screen.rows.map(\.caption) == ["TKRQ...P7QY", "ORHZ...SQKY"])
        #expect(screen.rows.map(\.title) == ["tkrq...p7qy", "orhz...sqky"])
        #expect(!screen.rowIDs.contains("PubkyChoiceCreate"))
        #expect(bitkit.state.defaults.reference == nil)
        #expect(bitkit.world.privateStore[BitkitStoreKey.secretKey] == nil)
        #expect(bitkit.world.privateStore[BitkitStoreKey.session] == nil)
    }

    @Test(arguments: Platform.allCases)
    func anEmptyListShowsExactlyTheCreateCard(platform: Platform) throws {
        let bitkit = MemoryBitkit(on: platform)
        bitkit.baseline()
        let screen = try bitkit.screen(.open(.profile))
        #expect(screen.texts == ["Create a new pubky and profile in Bitkit."])
        #expect(screen.rows.count == 1)
        #expect(screen.rows.first?.id == "PubkyChoiceCreate")
        #expect(screen.rows.first?.caption == "NEW PUBKY")
        #expect(screen.rows.first?.title == "Create profile with Bitkit")
    }

    /// iOS: data protection gates the shared records (on Android the lock gates nothing, spec/07 §9).
    @Test func aLockedDeviceListsNothingSoTheCreateCardShows() throws {
        let bitkit = MemoryBitkit(on: .ios)
        bitkit.baseline()
        bitkit.ringImport(Fixture.aSecret)
        bitkit.world.phone.locked = true
        let screen = try bitkit.screen(.open(.profile))
        #expect(screen.rowIDs == ["PubkyChoiceCreate"])
    }

    /// spec/07 §10 row 14: without access to Ring's records the list is empty on both phones.
    @Test(arguments: Platform.allCases)
    func withoutAccessToRingsRecordsTheCreateCardShows(platform: Platform) throws {
        let bitkit = MemoryBitkit(on: platform)
        bitkit.baseline()
        bitkit.ringImport(Fixture.aSecret)
        bitkit.world.bitkitLosesAccess()
        let screen = try bitkit.screen(.open(.profile))
        #expect(screen.rowIDs == ["PubkyChoiceCreate"])
    }

    @Test(arguments: Platform.allCases)
    func aRowShowsTheRemoteProfileNameAsTitleAndKeepsTheKeyCaption(platform: Platform) throws {
        let bitkit = MemoryBitkit(on: platform)
        bitkit.baseline()
        bitkit.ringImport(Fixture.aSecret)
        bitkit.ringSignUp(Fixture.aSecret)
        bitkit.world.profiles[Fixture.a] = ProfileSummary(name: "Alice")
        let screen = try bitkit.screen(.open(.profile))
        #expect(screen.rows.first?.title == "Alice")
        #expect(screen.rows.first?.caption == "TKRQ...P7QY")
    }

    @Test(arguments: Platform.allCases)
    func nineRowsAreListedInImportOrderAndTheNinthCanBePicked(platform: Platform) throws {
        let bitkit = MemoryBitkit(on: platform)
        bitkit.baseline()
        let secrets = (1...9).map { String(repeating: String(format: "%02x", $0), count: 32) }
        for secret in secrets { bitkit.ringImport(secret) }
        bitkit.ringSignUp(secrets[8])
        let screen = try bitkit.screen(.open(.profile))
        #expect(screen.rows.count == 9)
        #expect(!screen.rowIDs.contains("PubkyChoiceCreate"))
        let ninth = try #require(Ed25519KeyPair(secretHex: secrets[8])).pubky
        #expect(screen.rows.last?.caption == "\(ninth.prefix(4))...\(ninth.suffix(4))".uppercased())
        let after = try bitkit.screen(.pick(.index(9)))
        #expect(after.route == "createProfile")
        #expect(bitkit.state.defaults.reference?.pubky == ninth)
    }

    @Test(arguments: Platform.allCases)
    func foregroundReloadsAVisiblePubkyChoice(platform: Platform) throws {
        let bitkit = MemoryBitkit(on: platform)
        bitkit.baseline()
        bitkit.send(.open(.profile))
        bitkit.send(.background)
        bitkit.ringImport(Fixture.aSecret)
        let screen = try bitkit.screen(.foreground)
        #expect(screen.rowIDs == ["PubkyChoiceRing_\(Fixture.a)"])
    }

    @Test func theIntroIsShownUntilSeenAndContinueLeadsToPubkyChoice() throws {
        let bitkit = MemoryBitkit()
        bitkit.baseline()
        bitkit.send(.setProfileIntroSeen(false))
        let intro = try bitkit.screen(.open(.profile))
        #expect(intro.route == "profileIntro")
        let choice = try bitkit.screen(.continueFlow)
        #expect(choice.route == "pubkyChoice")
        #expect(choice.stack == ["home", "pubkyChoice"])
        #expect(bitkit.state.defaults.profileIntroSeen)
    }

    @Test(arguments: Platform.allCases)
    func withThePaykitUIOffProfileAndPubkyChoiceAreRefusedAndTheScreenStays(platform: Platform) throws {
        let bitkit = MemoryBitkit(on: platform)
        bitkit.send(.launch)
        bitkit.send(.restoreWallet(mnemonic: Fixture.mnemonic, passphrase: nil))
        bitkit.ringImport(Fixture.aSecret)
        for route in [BitkitRoute.profile, .pubkyChoice, .createProfile, .payContacts, .contacts, .profileIntro] {
            let screen = bitkit.send(.open(route))
            #expect(screen?.route == "home")
            #expect(bitkit.notices.count == 1)
        }
        let pick = bitkit.send(.pick(.index(1)))
        #expect(pick?.route == "home")
        #expect(bitkit.state.defaults.reference == nil)
        #expect(bitkit.world.phone.sharedRecords.keys.sorted() == ["app.pubkyring:\(Fixture.a)"])
    }
}
