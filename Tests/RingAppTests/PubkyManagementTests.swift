import AppSupport
import Foundation
import Keychain
import PubkyCrypto
import RingApp
import Testing

@Suite struct PubkyManagementTests {
    @Test func createMakesATwelveWordMnemonicWhoseSeedStartsWithTheSecretAndPublishesIt() throws {
        let sim = try RingTestWorld()
        try sim.ring(.create(name: nil, signUp: nil))
        let entry = try #require(try sim.snapshot().pubkys.first)
        let item = try #require(try sim.privateItems().first { $0.service == entry.pubky })
        struct Value: Decodable {
            var secretKey: String
            var mnemonic: String
        }
        let value = try JSONDecoder().decode(Value.self, from: Data(item.data))
        #expect(value.mnemonic.split(separator: " ").count == 12)
        let seed = BIP39.seed(mnemonic: value.mnemonic)
        #expect(Hex.encode(seed.prefix(32)) == value.secretKey)
        #expect(try PubkySecret.fromMnemonic(value.mnemonic).pubky == entry.pubky)
        #expect(item.accessibility == .afterFirstUnlock)
        #expect(item.accessGroup == "KYH47R284B.app.pubkyring")
        #expect(try sim.sharedItem("app.pubkyring:\(entry.pubky)")?.data == Array(value.secretKey.utf8))
        #expect(entry.name == "" && entry.displayName == "pubky #1")
        #expect(entry.backupPreference == .encryptedFile && entry.isBackedUp == false && entry.signedUp == false)
    }

    @Test func createIsDeterministicForAWorldSeed() throws {
        let first = try RingTestWorld()
        let second = try RingTestWorld()
        try first.ring(.create(name: nil, signUp: nil))
        try second.ring(.create(name: nil, signUp: nil))
        #expect(try first.snapshot().pubkys.map(\.pubky) == second.snapshot().pubkys.map(\.pubky))
    }

    @Test func importSecretWritesTheJSONPrivateItemAndTheSharedRecord() throws {
        let sim = try RingTestWorld()
        let home = try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        let item = try #require(try sim.privateItems().first)
        #expect(item.service == Key.a)
        #expect(String(decoding: item.data, as: UTF8.self) == "{\"secretKey\":\"\(Key.aSecret)\",\"mnemonic\":\"\"}")
        #expect(try sim.sharedAccounts() == ["app.pubkyring:\(Key.a)"])
        #expect(home.rows.map(\.caption) == ["tkrq8...xp7qy"])
    }

    @Test func importMnemonicDerivesTheSpecVector() throws {
        let sim = try RingTestWorld()
        try sim.ring(
            .importMnemonic(
                phrase:
                    "  Abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon ABOUT ",
                name: "W"))
        #expect(try sim.snapshot().pubkys.map(\.pubky) == [Key.w])
        #expect(try sim.sharedItem("app.pubkyring:\(Key.w)")?.data == Array(Key.wSecret.utf8))
        let value = String(decoding: try #require(try sim.privateItems().first).data, as: UTF8.self)
        #expect(value == "{\"secretKey\":\"\(Key.wSecret)\",\"mnemonic\":\"\(Key.wMnemonic)\"}")
    }

    @Test func anUnrecognizedSecretOrPhraseChangesNothing() throws {
        let sim = try RingTestWorld()
        for bad in [
            RingAction.importSecret(hex: "abc", name: nil), .importMnemonic(phrase: "abandon about", name: nil),
        ] {
            let screen = try sim.ring(bad)
            #expect(
                screen.toasts.map(\.text) == [
                    "error · Error · Unrecognized format. Expected a recovery phrase, invite code, auth URL, or session request."
                ])
        }
        #expect(try sim.snapshot().pubkys.isEmpty)
        #expect(try sim.privateItems().isEmpty)
        #expect(try sim.sharedAccounts().isEmpty)
    }

    @Test func aSaveFailureShowsTheToastAndRemovesTheEntryAgain() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.fault(.write, group: .ringPrivate, account: Key.a, status: OSStatus(-25308))
        let screen = try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        #expect(screen.toasts.map(\.text) == ["error · Failed to save pubky to keychain · Keychain error -25308"])
        #expect(try sim.snapshot().pubkys.isEmpty)
        #expect(try sim.sharedAccounts().isEmpty)
    }

    @Test func importingAnAdoptedPubkyMakesItOwnedKeepingItsNameAndBackupFlag() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.ring(.showOffer(ref: "#1"), .confirm)
        try sim.ring(.importSecret(hex: Key.wSecret, name: nil))
        let entry = try #require(try sim.snapshot().pubkys.first)
        #expect(entry.sourceApp == nil)
        #expect(entry.name == "pubky #1 (Bitkit)")
        #expect(entry.isBackedUp == true)
        #expect(try sim.sharedAccounts() == ["to.bitkit.dev:\(Key.w)", "app.pubkyring:\(Key.w)"])
    }

    @Test func aLegacyHexPrivateItemIsReadAndMigratedToJSON() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        try sim.writePrivate(service: Key.a, value: Array(Key.aSecret.utf8))
        try sim.ring(.relaunch)
        let value = String(decoding: try #require(try sim.privateItems().first).data, as: UTF8.self)
        #expect(value == "{\"secretKey\":\"\(Key.aSecret)\",\"mnemonic\":\"\"}")
    }

    @Test func aStoredMnemonicMustRegenerateTheSecretAndThePubky() throws {
        let matching = RingStoredSecret(secretKey: Key.wSecret, mnemonic: Key.wMnemonic)
        #expect(try matching.keyPair(for: Key.w).pubky == Key.w)
        let wrongSecret = RingStoredSecret(secretKey: Key.aSecret, mnemonic: Key.wMnemonic)
        #expect(throws: RingStoreError.mnemonicSecretMismatch) { try wrongSecret.keyPair(for: Key.a) }
        #expect(
            RingStoreError.mnemonicSecretMismatch.description
                == "The provided mnemonic phrase does not generate the expected secret key.")
        #expect(throws: RingStoreError.mnemonicPubkyMismatch) { try matching.keyPair(for: Key.a) }
        #expect(
            RingStoreError.mnemonicPubkyMismatch.description
                == "The provided mnemonic phrase does not generate the expected pubky.")
        #expect(throws: RingStoreError.secretDoesNotMatch) {
            try RingStoredSecret(secretKey: Key.bSecret).keyPair(for: Key.a)
        }
        #expect(RingStoredSecret.decode(Array("not json".utf8)) == nil)
    }

    @Test func renameStoresTheNameAndItSurvivesARelaunch() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        let sheet = try #require(try sim.ring(.edit(ref: "#1")).sheet)
        #expect(sheet.id == "edit-pubky")
        #expect(sheet.title == "Setup tkrq8...xp7qy")
        #expect(sheet.rows.map(\.id) == ["EditPubkyNameInput", "EditPubkyHomeserverInput", "EditPubkyInviteCodeInput"])
        try sim.ring(.saveEdit(name: "Alice"))
        try sim.ring(.relaunch)
        let home = try sim.ring(.home)
        #expect(home.rows.map(\.title) == ["Alice"])
        #expect(home.rows.map(\.id) == ["PubkyBox-Alice-0"])
    }

    @Test func namesStopAtFiftyCharactersAndTheCounterShowsAfterTwenty() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        try sim.ring(.edit(ref: "#1"), .saveEdit(name: String(repeating: "x", count: 60)))
        #expect(try sim.snapshot().pubkys.first?.name.count == 50)
        #expect(RingScreens.nameCounter(String(repeating: "x", count: 20)) == nil)
        #expect(RingScreens.nameCounter(String(repeating: "x", count: 21)) == "29 / 50")
        let sheet = try #require(try sim.ring(.edit(ref: "#1")).sheet)
        #expect(sheet.texts == ["0 / 50"])
    }

    @Test func cardIdsReduceTheNameToLettersAndDigits() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: "My key #1 (ä)"))
        try sim.ring(.importSecret(hex: Key.bSecret, name: nil))
        let home = try sim.ring(.home)
        #expect(home.rows.map(\.id) == ["PubkyBox-Mykey1-0", "PubkyBox--1"])
        #expect(home.rows.map(\.title) == ["My key #1 (ä)", "pubky #2"])
        #expect(home.rows.map(\.pills) == [["Backup!"], ["Backup!"]])
        #expect(home.rows.map(\.button) == ["Setup", "Setup"])
        #expect(home.texts.isEmpty && home.buttons.isEmpty)
    }

    @Test func copyAndShareOfferThePubkyText() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        let copied = try sim.ring(.copy(ref: Key.a))
        #expect(copied.toasts.map(\.text) == ["info · Pubky copied to clipboard"])
        #expect(try sim.snapshot().clipboard == Key.a)
        let shared = try sim.ring(.share(ref: "pubky" + Key.a))
        #expect(shared.sheet?.texts == [Key.a])
    }

    @Test func anUnknownReferenceIsAUsageErrorThatKeepsTheLaunch() throws {
        let sim = try RingTestWorld()
        #expect(throws: RingAppError.unknownPubky("nobody")) { try sim.ring(.open(ref: "nobody")) }
        #expect(try sim.snapshot().running)
    }
}
