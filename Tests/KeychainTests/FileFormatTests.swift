import Foundation
import PubkyCrypto
import Testing

@testable import Keychain

@Suite struct FileFormatTests {
    /// The example of SharedGroup/README.md, byte for byte.
    static let readmeExample = """
        {
          "format": 1,
          "class": "genp",
          "accessGroup": "KYH47R284B.pubky.shared",
          "service": "pubky.shared.v1",
          "account": "app.pubkyring:aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy",
          "accessibility": "WhenUnlockedThisDeviceOnly",
          "synchronizable": false,
          "createdAt": "2025-06-15T15:06:40.123Z",
          "modifiedAt": "2025-06-15T15:06:40.123Z",
          "writer": "app.pubkyring",
          "sequence": 1,
          "data": "NWViMDBiYmRkY2YwNjkwODQ4ODlhOGFiOTE1NTU2ODE2NWY1YzQ1M2NjYjg1ZTcwODExYWFlZDZmNmRhNWZjMQ=="
        }

        """

    @Test func foldersAre0700AndFilesAre0600() throws {
        let world = Fixture()
        let keychain = world.keychain()
        #expect(keychain.add(.shared("app.pubkyring:a", "x")) == .success)
        #expect(
            keychain.add(
                NewKeychainItem(
                    accessGroup: nil, service: "bitkit", account: "k", data: [],
                    accessibility: .afterFirstUnlock)) == .success)
        let shared = world.directory(Fixture.shared).path
        let privateGroup = world.directory(Fixture.bitkitPrivate).path
        for folder in [
            shared, shared + "/" + Fixture.service, privateGroup, privateGroup + "/bitkit",
            world.root.path + "/.sim/keychain",
        ] {
            #expect(try permissions(folder) == 0o700, "\(folder)")
        }
        for file in [
            shared + "/.lock", shared + "/.sequence", shared + "/\(Fixture.service)/app.pubkyring:a.item",
            privateGroup + "/bitkit/k.item",
        ] {
            #expect(try permissions(file) == 0o600, "\(file)")
        }
    }

    @Test func atomicWritesLeaveNoTemporaryFileBehind() throws {
        let world = Fixture()
        let keychain = world.keychain()
        for index in 0..<20 {
            #expect(keychain.add(.shared("app.pubkyring:\(index)", "v\(index)")) == .success)
        }
        #expect(keychain.update(.shared(), data: Array("updated".utf8)) == .success)
        #expect(keychain.delete(.shared("app.pubkyring:3")) == .success)
        try world.store().write(.shared("app.pubkyring:injected", "x"), writer: "simctl", at: Date())
        try world.store().remove(service: Fixture.service, account: "app.pubkyring:4")
        #expect(world.temporaryFiles() == [])
        #expect(keychain.copyMatching(.shared(), limit: .all, returnData: true).items.count == 19)
    }

    @Test func itemFilesHoldTheDocumentedJSON() throws {
        let world = Fixture()
        let ring = world.keychain(
            bundleID: "app.pubkyring", entitlements: [Fixture.ringPrivate, Fixture.shared])
        world.clock.value = Date(timeIntervalSince1970: 1_750_000_000.123_9)
        let account = "app.pubkyring:aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy"
        let item = NewKeychainItem(
            accessGroup: Fixture.shared, service: "pubky.shared.v1", account: account,
            data: Array("5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1".utf8),
            accessibility: .whenUnlockedThisDeviceOnly)
        #expect(ring.add(item) == .success)
        let path = world.directory(Fixture.shared).path + "/pubky.shared.v1/\(account).item"
        let content = try String(contentsOfFile: path, encoding: .utf8)
        #expect(content == Self.readmeExample)
        #expect(
            try String(
                contentsOfFile: world.directory(Fixture.shared).path + "/.sequence", encoding: .utf8)
                == "00000000000000000002\n")
    }

    @Test func aHandWrittenItemInTheDocumentedFormatIsRead() throws {
        let world = Fixture()
        let folder = world.directory(Fixture.shared).appendingPathComponent("pubky.shared.v1")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Field order, whitespace and extra fields do not matter; fractions may have any precision.
        let json = """
            {"data":"AAEC","sequence":7,"writer":"simctl","modifiedAt":"2024-02-29T23:59:59Z",
             "createdAt":"2024-02-29T23:59:59.5Z","synchronizable":true,"accessibility":"AfterFirstUnlock",
             "account":"to.bitkit:x","service":"pubky.shared.v1","accessGroup":"KYH47R284B.pubky.shared",
             "class":"genp","format":1,"comment":"ignored"}
            """
        try Data(json.utf8).write(to: folder.appendingPathComponent("to.bitkit:x.sync-item"))
        let (items, ignored) = try world.store().inspect()
        #expect(ignored == [])
        let item = try #require(items.first)
        #expect(item.data == [0, 1, 2])
        #expect(item.sequence == 7)
        #expect(item.synchronizable)
        #expect(item.accessibility == .afterFirstUnlock)
        #expect(Timestamp.format(item.createdAt) == "2024-02-29T23:59:59.500Z")
        #expect(Timestamp.format(item.modifiedAt) == "2024-02-29T23:59:59.000Z")
    }

    @Test func timestampsFormatAndParseExactly() throws {
        #expect(Timestamp.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(
            Timestamp.format(Date(timeIntervalSince1970: 1_700_000_000.123)) == "2023-11-14T22:13:20.123Z"
        )
        #expect(Timestamp.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59.000Z")
        #expect(
            Timestamp.format(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000Z")
        #expect(
            Timestamp.parse("2023-11-14T22:13:20.123Z")
                == Timestamp.normalize(Date(timeIntervalSince1970: 1_700_000_000.123)))
        for bad in [
            "", "2023-11-14", "2023-11-14T22:13:20", "2023-13-01T00:00:00Z", "2023-02-29T00:00:00Z",
            "2023-11-14T24:00:00Z", "2023-11-14 22:13:20Z", "2023-11-14T22:13:20.Z",
            "+023-11-14T22:13:20Z",
        ] {
            #expect(Timestamp.parse(bad) == nil, "\(bad)")
        }
        var generator = SplitMix(seed: 42)
        for _ in 0..<500 {
            let seconds = Double(generator.next() % 8_000_000_000_000) / 1000 - 2_000_000_000
            let date = Timestamp.normalize(Date(timeIntervalSince1970: seconds))
            let parsed = try #require(Timestamp.parse(Timestamp.format(date)))
            #expect(parsed == date)
        }
    }

    @Test func sha256MatchesPublishedVectors() {
        // FIPS 180-2 examples.
        #expect(
            Hex.encode(SHA256.hash([UInt8]()))
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Hex.encode(SHA256.hash(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Hex.encode(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            Hex.encode(SHA256.hash([UInt8](repeating: 0x61, count: 1000)))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func aMissingOrCorruptSequenceCounterIsRebuiltFromTheItems() throws {
        let world = Fixture()
        let keychain = world.keychain()
        for account in ["a", "b", "c"] {
            #expect(keychain.add(.shared(account, account)) == .success)
        }
        let counter = world.directory(Fixture.shared).path + "/.sequence"
        try FileManager.default.removeItem(atPath: counter)
        #expect(keychain.add(.shared("d", "d")) == .success)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: counter))
        #expect(keychain.add(.shared("e", "e")) == .success)
        let items = keychain.copyMatching(.shared(), limit: .all, returnData: false).items
        #expect(items.map(\.account) == ["a", "b", "c", "d", "e"])
        #expect(items.map(\.sequence) == [1, 2, 3, 4, 5])
    }

    @Test func readingNeverCreatesAGroupFolder() throws {
        let world = Fixture()
        let keychain = world.keychain()
        _ = keychain.copyMatching(KeychainQuery(), limit: .all, returnData: true)
        _ = keychain.delete(KeychainQuery(account: "x"))
        _ = keychain.update(KeychainQuery(account: "x"), data: [])
        #expect(try world.store().inspect().items.isEmpty)
        #expect(try world.store().remove(service: "s", account: "x") == false)
        #expect(world.snapshot().isEmpty)
    }
}
