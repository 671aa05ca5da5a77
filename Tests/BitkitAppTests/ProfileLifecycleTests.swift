import AppSupport
import Backend
import BitkitApp
import ContractNames
import Device
import Foundation
import Keychain
import PubkyCrypto
import Testing

/// Profile lifecycle on a world on disk: what needs the simulated homeserver's storage and
/// sessions, the device's connectivity, keychain groups written by a tool, or files. A failed
/// deletion and Disconnect run on a phone in memory (`ProfileLifecycleMemoryTests`).
@Suite struct ProfileLifecycleTests {
    private func ownedW(_ world: TestWorld) throws {
        try world.baseline()
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        try world.send(.save)
    }

    /// Scenario 19 (Bitkit's side): Delete Profile of an owned identity.
    @Test func deleteProfileRemovesTheDocumentTheOwnRecordAndTheCredentialsButKeepsTheWallet() throws {
        let world = try TestWorld()
        try ownedW(world)
        try world.ringImport(Fixture.aSecret)
        try world.ringImport(Fixture.bSecret)
        let dialog = try world.send(.deleteProfile(confirm: false))
        #expect(dialog.route == "editProfile")
        #expect(dialog.sheet?.title == "Delete Profile?")
        #expect(dialog.sheet?.buttons.first?.label == "Yes, Delete")
        let screen = try world.send(.approve)
        #expect(screen.route == "home")
        #expect(screen.toasts.isEmpty)
        #expect(try world.store.storage(pubky: Fixture.w).filter { $0.path.hasSuffix("profile.json") }.isEmpty)
        #expect(try world.sharedAccounts() == ["app.pubkyring:\(Fixture.a)", "app.pubkyring:\(Fixture.b)"])
        let items = try world.privateItems()
        #expect(items["paykit_session"] == nil)
        #expect(items["pubky_secret_key"] == nil)
        #expect(items["bip39_mnemonic_0"] == Fixture.mnemonic)
        let state = try world.state()
        #expect(state.identity.authState == .idle)
        #expect(state.reference == nil)
        #expect(try world.store.sessions(pubky: Fixture.w).isEmpty)
    }

    @Test func aDisconnectWhoseSignOutFailsChangesNothingLocally() throws {
        let world = try TestWorld()
        try ownedW(world)
        try world.setOnline(false)
        let screen = try world.send(.disconnect(confirm: true))
        #expect(screen.toasts.map(\.title) == ["Profile Error"])
        #expect(try world.state().identity.kind == .owned)
        #expect(try world.sharedAccounts() == ["to.bitkit.dev:\(Fixture.w)"])
    }

    /// spec/02 §19: the wipe removes only this build's records.
    @Test func theWipeRemovesOnlyThisBuildsRecordsAndItsPrivateGroup() throws {
        let world = try TestWorld()
        try ownedW(world)
        try world.ringImport(Fixture.aSecret)
        try world.inject("to.bitkit:\(Fixture.w)", data: Fixture.wSecret)
        try world.inject("to.bitkit.tnet:\(Fixture.w)", data: Fixture.wSecret)
        let ringGroup = SharedContract.ringPrivateGroup
        try KeychainGroupStore(directory: world.world.groupDirectory(ringGroup), accessGroup: ringGroup).write(
            NewKeychainItem(
                accessGroup: ringGroup, service: Fixture.a, account: "secret", data: [1],
                accessibility: .afterFirstUnlock),
            writer: "app.pubkyring", at: Date())
        let confirm = try world.send(.reset(confirm: false))
        #expect(confirm.sheet?.id == "reset-confirm")
        let screen = try world.send(.approve)
        #expect(
            screen.toastTexts == [
                "success · Wallet Data Deleted · Bitkit has been reset and all wallet data has been deleted."
            ])
        #expect(screen.route == "onboarding")
        #expect(
            try world.sharedAccounts() == [
                "app.pubkyring:\(Fixture.a)", "to.bitkit:\(Fixture.w)", "to.bitkit.tnet:\(Fixture.w)",
            ])
        #expect(try world.privateItems().isEmpty)
        #expect(
            try KeychainGroupStore(directory: world.world.groupDirectory(ringGroup), accessGroup: ringGroup).inspect()
                .items.count == 1)
        let state = try world.state()
        #expect(!state.installMarker)
        #expect(!state.paykitUI)
        #expect(state.defaults.values.isEmpty)
    }

    /// A `list` fault on the shared group (how QA imitates a locked group) stops only the shared
    /// enumeration: the wipe keeps this build's shared record (its enumeration failed, spec/01 §10)
    /// and still empties the private group, so "Wallet Data Deleted" is true.
    @Test func aSharedListFaultLeavesTheWipeOfThePrivateGroupComplete() throws {
        let world = try TestWorld()
        try ownedW(world)
        #expect(try world.privateItems()["bip39_mnemonic_0"] != nil)
        try world.addKeychainFault(.list, account: "*", status: .interactionNotAllowed)
        let before = try world.journal().count
        let screen = try world.send(.reset(confirm: true))
        #expect(
            screen.toastTexts == [
                "success · Wallet Data Deleted · Bitkit has been reset and all wallet data has been deleted."
            ])
        #expect(try world.privateItems().isEmpty)
        #expect(try world.sharedAccounts() == ["to.bitkit.dev:\(Fixture.w)"])
        let lists = try world.journal().dropFirst(before).filter {
            $0.event == "keychain" && $0.op == "copy" && $0.account == nil
        }
        #expect(lists.map(\.group) == [SharedContract.accessGroup, BitcoinNetwork.regtest.bitkitPrivateGroup])
        #expect(lists.map(\.status) == [-25308, 0])
    }

    /// R9(a), spec/02 §8.1: a reinstall over surviving keychain items.
    @Test func aReinstallRemovesTheOrphanedOwnRecordAndWipesThePrivateGroup() throws {
        let world = try TestWorld()
        try ownedW(world)
        try world.ringImport(Fixture.aSecret)
        try world.inject("to.bitkit:\(Fixture.w)", data: Fixture.wSecret)
        // Uninstall: the sandbox goes, keychain items stay.
        try FileManager.default.removeItem(at: world.world.sandbox(.bitkit))
        #expect(try world.sharedAccounts().contains("to.bitkit.dev:\(Fixture.w)"))
        let screen = try world.send(.launch)
        #expect(screen.route == "onboarding")
        #expect(try world.sharedAccounts() == ["app.pubkyring:\(Fixture.a)", "to.bitkit:\(Fixture.w)"])
        #expect(try world.privateItems().isEmpty)
        #expect(try world.state().installMarker)
    }

    /// R4: an update-install to another network keeps the sandbox and never touches the old group.
    @Test func anUpdateInstallToRegtestNeverTouchesTheMainnetBuildsRecordOrGroup() throws {
        let world = try TestWorld(network: .bitcoin)
        // The mainnet build's profile lives on the production homeserver.
        try world.knobs { $0.homegateHomeserver = KnownHomeservers.production }
        try world.baseline()
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        try world.send(.save)
        #expect(try world.sharedAccounts() == ["to.bitkit:\(Fixture.w)"])
        let mainnetItems = try world.privateItems(.bitcoin)
        try world.knobs { $0.homegateHomeserver = Fixture.hs }
        try world.updateInstall(.regtest)
        let launch = try world.send(.launch)
        #expect(launch.route == "onboarding")
        #expect(try world.state().installMarker)
        try world.send(.restoreWallet(mnemonic: Fixture.mnemonic, passphrase: nil))
        var random = SeededRandom(seed: 3)
        let token = try world.store.issueSignupToken(
            homeserver: Fixture.hs, random: &random, now: try world.environment.now())
        try world.send(.scan("pubkyauth://direct_signup?hs=\(Fixture.hs)&st=\(token)"))
        try world.send(.approve)
        #expect(try world.sharedAccounts() == ["to.bitkit:\(Fixture.w)", "to.bitkit.dev:\(Fixture.w)"])
        try world.send(.deny)
        try world.send(.deleteProfile(confirm: true))
        #expect(try world.sharedAccounts() == ["to.bitkit:\(Fixture.w)"])
        #expect(try world.privateItems(.bitcoin) == mainnetItems)
        // Back to the bitcoin build: its saved session is stale, so it signs W in at HS.
        try world.updateInstall(.bitcoin)
        let back = try world.send(.launch)
        #expect(back.toasts.isEmpty)
        let state = try world.state()
        #expect(state.identity.authState == .authenticated)
        #expect(state.identity.publicKey == "pubky\(Fixture.w)")
        #expect(try world.sharedItem("to.bitkit:\(Fixture.w)")?.data == Array(Fixture.wSecret.utf8))
    }

    @Test func theWalletPassphraseNeverChangesThePubky() throws {
        let world = try TestWorld()
        try world.send(.launch)
        try world.send(.restoreWallet(mnemonic: Fixture.mnemonic, passphrase: "TREZOR"))
        try world.send(.setPaykitUI(true))
        try world.send(.setProfileIntroSeen(true))
        let screen = try world.send(.createProfile(name: nil, bio: nil))
        #expect(screen.texts.first == "pubky\(Fixture.w)")
        #expect(try world.privateItems()["bip39_passphrase_0"] == "TREZOR")
    }

    @Test func anInvalidMnemonicIsAnInvalidArgumentAndStoresNothing() throws {
        let world = try TestWorld()
        try world.send(.launch)
        #expect(throws: BitkitAppError.self) {
            try world.send(.restoreWallet(mnemonic: "abandon abandon abandon", passphrase: nil))
        }
        #expect(throws: BitkitAppError.self) {
            try world.send(
                .restoreWallet(
                    mnemonic: Fixture.mnemonic.replacingOccurrences(of: "about", with: "abandon"), passphrase: nil))
        }
        #expect(try world.privateItems().isEmpty)
    }

    @Test func aCreatedWalletIsTwelveValidWordsFromTheWorldSeed() throws {
        let world = try TestWorld()
        try world.send(.launch)
        let screen = try world.send(.createWallet)
        #expect(screen.route == "home")
        let words = try #require(try world.privateItems()["bip39_mnemonic_0"]).split(separator: " ").map(String.init)
        #expect(words.count == 12)
        #expect(throws: Never.self) { try BIP39.validate(words) }
    }
}
