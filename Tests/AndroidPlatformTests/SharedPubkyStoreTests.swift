import AndroidPlatform
import ContractNames
import Foundation
import IdentitySharing
import PubkyCrypto
import Testing

/// Ring's `shared_pubky` store (spec/07 §3) in a temporary sandbox and in memory — the same tests
/// against both, as `KeychainTests` run against both keychains — with a deterministic random
/// sequence: call 0 makes the keystore key, each later call one IV. The file's format and a
/// malformed file are the folder's alone.
@Suite(.enabled(if: AESGCM.isAvailable)) struct SharedPubkyStoreTests {
    typealias F = AndroidFixture

    @Test(arguments: F.StoreKind.allCases)
    func aValueIsBase64OfATwelveByteIVThenTheAESGCMCiphertextOfTheSecret(store kind: F.StoreKind) throws {
        let device = F(store: kind)
        try device.store.set(pubky: F.a, secret: F.aSecret)
        let value = try #require(try device.store.entry(F.a)).value
        #expect(!value.contains("\n"))
        let sealed = try #require(Data(base64Encoded: value).map(Array.init))
        #expect(sealed.count == 12 + 64 + 16)
        let key = F.randomBytes(call: 0, count: 32)
        let iv = F.randomBytes(call: 1, count: 12)
        #expect(Array(sealed.prefix(12)) == iv)
        // Opened independently of the store, with the key it made at first use.
        let plain = AESGCM.open(Array(sealed.dropFirst(12)), key: key, nonce: iv)
        #expect(plain.map { String(decoding: $0, as: UTF8.self) } == F.aSecret)
        #expect(try device.store.secret(of: F.a) == F.aSecret)
    }

    @Test(arguments: F.StoreKind.allCases)
    func eachWriteSealsWithAFreshIV(store kind: F.StoreKind) throws {
        let device = F(store: kind)
        try device.store.set(pubky: F.a, secret: F.aSecret)
        let first = try #require(try device.store.entry(F.a)).value
        try device.store.set(pubky: F.a, secret: F.aSecret)
        let second = try #require(try device.store.entry(F.a)).value
        #expect(first != second)
        #expect(Data(base64Encoded: second).map { Array($0.prefix(12)) } == F.randomBytes(call: 2, count: 12))
    }

    @Test(arguments: F.StoreKind.allCases)
    func aStoreNeverWrittenHasNoEntries(store kind: F.StoreKind) throws {
        let device = F(store: kind)
        #expect(try device.store.entries() == [])
        #expect(try device.store.secret(of: F.a) == nil)
        #expect(!FileManager.default.fileExists(atPath: device.storeFile.path))
    }

    /// The memory store is the phone's: every value made over it sees the same entries and key, as
    /// Ring's module and its provider share one file on a device; another phone sees none.
    @Test func everyStoreOverOnePhonesMemorySharesItsEntriesAndKey() throws {
        let memory = MemorySharedPubky()
        let writer = SharedPubkyStore(memory: memory, random: { F.randomBytes(call: 0, count: $0) })
        let reader = SharedPubkyStore(memory: memory, random: { _ in [] })
        try writer.set(pubky: F.a, secret: F.aSecret)
        #expect(try reader.entries().map(\.pubky) == [F.a])
        #expect(try reader.secret(of: F.a) == F.aSecret)
        let elsewhere = SharedPubkyStore(memory: MemorySharedPubky(), random: { _ in [] })
        #expect(try elsewhere.entries() == [])
        #expect(try elsewhere.secret(of: F.a) == nil)
    }

    @Test(arguments: F.StoreKind.allCases)
    func entriesAreListedInCreationOrder(store kind: F.StoreKind) throws {
        let device = F(store: kind)
        try device.store.set(pubky: F.b, secret: F.bSecret)
        try device.store.set(pubky: F.a, secret: F.aSecret)
        try device.store.set(pubky: F.c, secret: F.cSecret)
        #expect(try device.store.entries().map(\.pubky) == [F.b, F.a, F.c])
    }

    @Test(arguments: F.StoreKind.allCases)
    func settingAnExistingPubkyOverwritesItInPlaceKeepingItsPosition(store kind: F.StoreKind) throws {
        let device = F(store: kind)
        try device.store.set(pubky: F.a, secret: F.aSecret)
        try device.store.set(pubky: F.b, secret: F.bSecret)
        try device.store.set(pubky: F.a, secret: F.cSecret)
        #expect(try device.store.entries().map(\.pubky) == [F.a, F.b])
        #expect(try device.store.secret(of: F.a) == F.cSecret)
        #expect(try device.store.secret(of: F.b) == F.bSecret)
    }

    @Test(arguments: F.StoreKind.allCases)
    func theKeyIsThePubkyExactlyAsGivenNeverNormalised(store kind: F.StoreKind) throws {
        let device = F(store: kind)
        try device.store.set(pubky: F.a, secret: F.aSecret)
        try device.store.set(pubky: "pubky" + F.a, secret: F.bSecret)
        #expect(try device.store.entries().map(\.pubky) == [F.a, "pubky" + F.a])
        #expect(try device.store.secret(of: F.a) == F.aSecret)
        #expect(try device.store.secret(of: "pubky" + F.a) == F.bSecret)
        #expect(try device.store.secret(of: F.a.uppercased()) == nil)
    }

    @Test(arguments: F.StoreKind.allCases)
    func removingOneEntryKeepsTheOthersAndAnAbsentOneIsSuccess(store kind: F.StoreKind) throws {
        let device = F(store: kind)
        try device.store.set(pubky: F.a, secret: F.aSecret)
        try device.store.set(pubky: F.b, secret: F.bSecret)
        try device.store.set(pubky: F.c, secret: F.cSecret)
        #expect(try device.store.remove(pubky: F.b))
        #expect(try device.store.entries().map(\.pubky) == [F.a, F.c])
        #expect(try !device.store.remove(pubky: F.b))
        #expect(try device.store.entries().map(\.pubky) == [F.a, F.c])
    }

    @Test(arguments: F.StoreKind.allCases)
    func removingAllClearsTheFileAndNamesWhatItHeld(store kind: F.StoreKind) throws {
        let device = F(store: kind)
        try device.store.set(pubky: F.a, secret: F.aSecret)
        try device.store.set(pubky: F.b, secret: F.bSecret)
        #expect(try device.store.removeAll() == [F.a, F.b])
        #expect(try device.store.entries() == [])
        #expect(try device.store.removeAll() == [])
    }

    @Test(arguments: F.StoreKind.allCases)
    func aSecretOfAnyFormIsStoredAsGiven(store kind: F.StoreKind) throws {
        let device = F(store: kind)
        for secret in ["0101", F.wSecret.uppercased(), F.aSecret + "\n", ""] {
            try device.store.set(pubky: F.a, secret: secret)
            #expect(try device.store.secret(of: F.a) == secret)
        }
    }

    /// Undecryptable values: still entries, with no secret.
    @Test(
        arguments: F.StoreKind.allCases,
        [
            "not base64 at all!!!", "", "AAAA", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        ])
    func aGarbageValueStaysListedButHasNoSecret(store kind: F.StoreKind, value: String) throws {
        let device = F(store: kind)
        try device.store.set(pubky: F.a, secret: F.aSecret)
        try device.store.set(pubky: F.b, secret: F.bSecret)
        try device.store.overwrite(pubky: F.a, value: value)
        #expect(try device.store.entries().map(\.pubky) == [F.a, F.b])
        #expect(try device.store.secret(of: F.a) == nil)
        #expect(try device.store.secret(of: F.b) == F.bSecret)
    }

    @Test(arguments: F.StoreKind.allCases)
    func aTruncatedOrTamperedValueDoesNotDecrypt(store kind: F.StoreKind) throws {
        let device = F(store: kind)
        try device.store.set(pubky: F.a, secret: F.aSecret)
        let value = try #require(try device.store.entry(F.a)).value
        let sealed = try #require(Data(base64Encoded: value))
        let truncated = sealed.prefix(sealed.count - 1).base64EncodedString()
        var flipped = sealed
        flipped[20] ^= 0x01
        let ivOnly = sealed.prefix(12).base64EncodedString()
        for broken in [truncated, flipped.base64EncodedString(), ivOnly, String(value.dropLast(4))] {
            #expect(device.store.decrypt(broken) == nil)
        }
        #expect(device.store.decrypt(value) == F.aSecret)
    }

    @Test func aMalformedFileIsAClearErrorAndWritesLeaveItAsItWas() throws {
        let device = F()
        try device.store.set(pubky: F.a, secret: F.aSecret)
        let garbage = Data("{\"entries\": [{\"pubky\": \"\(F.a)\"".utf8)
        try garbage.write(to: device.storeFile)
        #expect {
            try device.store.entries()
        } throws: { error in
            (error as? SharedPubkyStore.Failure)?.message.hasPrefix("shared_pubky.json is malformed") == true
        }
        #expect(throws: SharedPubkyStore.Failure.self) { try device.store.set(pubky: F.b, secret: F.bSecret) }
        #expect(throws: SharedPubkyStore.Failure.self) { try device.store.remove(pubky: F.a) }
        #expect(throws: SharedPubkyStore.Failure.self) { try device.store.secret(of: F.a) }
        #expect(try Data(contentsOf: device.storeFile) == garbage)
    }

    @Test func aFileThatIsNotTheStoresShapeIsMalformedToo() throws {
        let device = F()
        try device.store.set(pubky: F.a, secret: F.aSecret)
        let wrongShape = Data("{\"to.pubky\": \"\(F.a)\"}\n".utf8)
        try wrongShape.write(to: device.storeFile)
        #expect(throws: SharedPubkyStore.Failure.self) { try device.store.entries() }
        #expect(try Data(contentsOf: device.storeFile) == wrongShape)
    }

    @Test(arguments: F.StoreKind.allCases)
    func aValueSealedUnderAnotherKeyDoesNotDecrypt(store kind: F.StoreKind) throws {
        let device = F(store: kind)
        let other = F(store: kind)
        try device.store.set(pubky: F.a, secret: F.aSecret)
        // Another sandbox whose keystore key comes from a later point of the sequence.
        other.journal.randomCalls.withLock { $0 = 5 }
        try other.store.set(pubky: F.a, secret: F.aSecret)
        let foreign = try #require(try other.store.entry(F.a)).value
        try device.store.overwrite(pubky: F.a, value: foreign)
        #expect(try device.store.secret(of: F.a) == nil)
        #expect(try device.store.entries().map(\.pubky) == [F.a])
    }
}
