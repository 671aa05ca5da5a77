import Foundation
import Testing

@testable import Keychain

@Suite struct BadInputTests {
    /// A shared group with three valid items and one of every kind of bad entry.
    struct Seeded {
        let world = Fixture()
        let group: String
        let folder: String
        let outside: String
        /// Path → expected reason fragment of every entry that must be ignored.
        var bad: [String: String] = [:]

        init() throws {
            group = world.directory(Fixture.shared).path
            folder = group + "/" + Fixture.service
            outside = world.root.path + "/outside"
            let keychain = world.keychain()
            for account in ["app.pubkyring:a", "app.pubkyring:b", "to.bitkit.dev:c"] {
                #expect(keychain.add(.shared(account, "secret of \(account)")) == .success)
            }
            let validBytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/app.pubkyring:a.item"))
            let manager = FileManager.default
            try manager.createDirectory(atPath: outside, withIntermediateDirectories: true)

            func file(_ name: String, _ bytes: Data, reason: String, in directory: String? = nil) throws {
                let path = (directory ?? folder) + "/" + name
                try bytes.write(to: URL(fileURLWithPath: path))
                bad[path] = reason
            }
            var generator = SplitMix(seed: 7)
            let garbage = Data((0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            try file("garbage.item", garbage, reason: "not valid JSON")
            try file(
                "app.pubkyring:truncated.item", validBytes.prefix(validBytes.count / 2),
                reason: "not valid JSON")
            try file("empty.item", Data(), reason: "not valid JSON")
            try file("array.item", Data("[1,2,3]".utf8), reason: "not a JSON object")
            let wrongType = String(decoding: validBytes, as: UTF8.self).replacingOccurrences(
                of: "\"sequence\": 1", with: "\"sequence\": \"one\"")
            try file(
                "app.pubkyring:wrongtype.item", Data(wrongType.utf8),
                reason: "field sequence has the wrong type")
            let future = String(decoding: validBytes, as: UTF8.self).replacingOccurrences(
                of: "\"format\": 1", with: "\"format\": 2")
            try file(
                "app.pubkyring:future.item", Data(future.utf8), reason: "unsupported item format version 2")
            // A valid item copied under another account's file name.
            try file("app.pubkyring:misplaced.item", validBytes, reason: "does not match its file name")
            try file("notes.txt", Data("hello".utf8), reason: "not an item file")
            try file(
                "README.md", Data("# docs".utf8), reason: "not part of the keychain format", in: group)
            try file(".DS_Store", Data([0, 1]), reason: "not part of the keychain format", in: group)

            // Symlinks: to a valid item elsewhere and to /etc/passwd, never followed.
            let elsewhere = outside + "/app.pubkyring:linked.item"
            let linked = String(decoding: validBytes, as: UTF8.self).replacingOccurrences(
                of: "app.pubkyring:a\"", with: "app.pubkyring:linked\"")
            try Data(linked.utf8).write(to: URL(fileURLWithPath: elsewhere))
            try manager.createSymbolicLink(
                atPath: folder + "/app.pubkyring:linked.item", withDestinationPath: elsewhere)
            bad[folder + "/app.pubkyring:linked.item"] = "symbolic link"
            try manager.createSymbolicLink(
                atPath: folder + "/passwd.item", withDestinationPath: "/etc/passwd")
            bad[folder + "/passwd.item"] = "symbolic link"
            try manager.createSymbolicLink(
                atPath: group + "/linked-service", withDestinationPath: outside)
            bad[group + "/linked-service"] = "symbolic link"

            // 10 MB: skipped by size without being read.
            let huge = folder + "/app.pubkyring:huge.item"
            #expect(manager.createFile(atPath: huge, contents: nil))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
            try handle.truncate(atOffset: 10_000_000)
            try handle.close()
            bad[huge] = "larger than the 1 MiB item size cap"

            // Folders where files are expected, and a folder that is not an encoded service name.
            try manager.createDirectory(
                atPath: folder + "/app.pubkyring:dir.item", withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/app.pubkyring:dir.item/inner"))
            bad[folder + "/app.pubkyring:dir.item"] = "a folder where an item file is expected"
            try manager.createDirectory(
                atPath: group + "/not a service", withIntermediateDirectories: true)
            bad[group + "/not a service"] = "folder name is not an encoded service name"
            // An item of another group copied in.
            let foreign = String(decoding: validBytes, as: UTF8.self).replacingOccurrences(
                of: Fixture.shared, with: "KYH47R284B.other"
            )
            .replacingOccurrences(of: "app.pubkyring:a\"", with: "app.pubkyring:foreign\"")
            try file(
                "app.pubkyring:foreign.item", Data(foreign.utf8),
                reason: "belongs to access group KYH47R284B.other")
        }
    }

    @Test func listingASeededGroupReturnsExactlyTheValidItemsAndReportsEveryIgnoredEntry() throws {
        let seeded = try Seeded()
        let keychain = seeded.world.keychain()
        let before = seeded.world.snapshot()
        let listing = keychain.copyMatching(.shared(), limit: .all, returnData: true)
        #expect(listing.status == .success)
        #expect(
            listing.items.map(\.account) == ["app.pubkyring:a", "app.pubkyring:b", "to.bitkit.dev:c"])
        #expect(listing.items.allSatisfy { $0.data == Array("secret of \($0.account)".utf8) })

        // A service-scoped listing scans only the service folder; a full one the whole group.
        let serviceIgnored = try #require(seeded.world.events.value.last).ignored
        #expect(
            Set(serviceIgnored.map(\.path))
                == Set(seeded.bad.keys.filter { $0.hasPrefix(seeded.folder + "/") }))
        _ = keychain.copyMatching(
            KeychainQuery(accessGroup: Fixture.shared), limit: .all, returnData: false)
        let ignored = try #require(seeded.world.events.value.last).ignored
        #expect(Set(ignored.map(\.path)) == Set(seeded.bad.keys))
        #expect(ignored.count == seeded.bad.count)
        for entry in ignored {
            let expected = try #require(seeded.bad[entry.path])
            #expect(entry.reason.contains(expected), "\(entry.path): \(entry.reason)")
        }

        let (items, inspected) = try seeded.world.store().inspect()
        #expect(items.map(\.account) == ["app.pubkyring:a", "app.pubkyring:b", "to.bitkit.dev:c"])
        #expect(inspected == ignored)
        // Nothing was deleted or changed, the symlink targets included.
        #expect(seeded.world.snapshot() == before)
        #expect(try String(contentsOfFile: "/etc/passwd", encoding: .utf8).isEmpty == false)
    }

    @Test func readingABadEntryDirectlyIsNotFoundAndReportsIt() throws {
        let seeded = try Seeded()
        let keychain = seeded.world.keychain()
        for account in [
            "app.pubkyring:truncated", "app.pubkyring:linked", "app.pubkyring:huge", "app.pubkyring:dir",
            "app.pubkyring:misplaced", "app.pubkyring:future",
        ] {
            let result = keychain.copyMatching(.shared(account), limit: .one, returnData: true)
            #expect(result.status == .itemNotFound, "\(account)")
            let event = try #require(seeded.world.events.value.last)
            #expect(event.ignored.map(\.path) == [seeded.folder + "/\(account).item"])
            #expect(keychain.delete(.shared(account)) == .itemNotFound)
            #expect(keychain.update(.shared(account), data: [1]) == .itemNotFound)
        }
        // A direct read of a valid item never scans the folder, so it reports nothing.
        #expect(keychain.string(.shared("app.pubkyring:a")) == "secret of app.pubkyring:a")
        #expect(seeded.world.events.value.last?.ignored == [])
    }

    @Test func addingOverGarbageReplacesItAtomicallyButNeverAFolderOrAnotherItem() throws {
        let seeded = try Seeded()
        let keychain = seeded.world.keychain()
        // Garbage, an oversized file and symlinks are treated as absent and replaced (and reported).
        for account in ["app.pubkyring:truncated", "app.pubkyring:huge", "app.pubkyring:linked"] {
            #expect(keychain.add(.shared(account, "fresh")) == .success, "\(account)")
            let event = try #require(seeded.world.events.value.last)
            #expect(event.ignored.count == 1)
            #expect(event.ignored.first?.reason.hasSuffix("(replaced by add)") == true)
            #expect(keychain.string(.shared(account)) == "fresh")
        }
        // The symlink itself was replaced, its target left alone.
        let target = try String(
            contentsOfFile: seeded.outside + "/app.pubkyring:linked.item", encoding: .utf8)
        #expect(target.contains("app.pubkyring:linked"))
        let type = try FileManager.default.attributesOfItem(
            atPath: seeded.folder + "/app.pubkyring:linked.item")[.type]
        #expect(type as? FileAttributeType == .typeRegular)

        // A folder, an item of an unknown format and a misplaced item are preserved: errSecIO.
        for account in [
            "app.pubkyring:dir", "app.pubkyring:misplaced", "app.pubkyring:future",
            "app.pubkyring:foreign",
        ] {
            let before = seeded.world.snapshot()
            #expect(keychain.add(.shared(account, "fresh")) == .io, "\(account)")
            #expect(seeded.world.events.value.last?.ignored.count == 1)
            #expect(seeded.world.snapshot() == before)
            #expect(throws: KeychainStoreError.self) {
                try seeded.world.store().write(.shared(account, "x"), writer: "simctl", at: Date())
            }
        }
        #expect(
            keychain.accounts(.shared()) == [
                "app.pubkyring:a", "app.pubkyring:b", "to.bitkit.dev:c", "app.pubkyring:truncated",
                "app.pubkyring:huge", "app.pubkyring:linked",
            ])
    }

    @Test func aSymlinkedServiceFolderIsNeverEnteredForReadsOrWrites() throws {
        let world = Fixture()
        let keychain = world.keychain()
        #expect(keychain.add(.shared("app.pubkyring:a", "x")) == .success)
        // A complete, valid item of service "evil" lives outside the group; the group links to it.
        let outside = world.root.path + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let original = try String(
            contentsOfFile: world.directory(Fixture.shared).path
                + "/\(Fixture.service)/app.pubkyring:a.item",
            encoding: .utf8)
        let evil = original.replacingOccurrences(of: "\"\(Fixture.service)\"", with: "\"evil\"")
        try Data(evil.utf8).write(to: URL(fileURLWithPath: outside + "/app.pubkyring:a.item"))
        let link = world.directory(Fixture.shared).path + "/evil"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside)
        let query = KeychainQuery(
            service: "evil", account: "app.pubkyring:a", accessGroup: Fixture.shared)

        #expect(keychain.copyMatching(query, limit: .one, returnData: true).status == .itemNotFound)
        #expect(world.events.value.last?.ignored.map(\.path) == [link])
        #expect(
            keychain.copyMatching(
                KeychainQuery(service: "evil", accessGroup: Fixture.shared), limit: .all, returnData: false
            ).status == .itemNotFound)
        #expect(
            keychain.accounts(KeychainQuery(account: "app.pubkyring:a", synchronizable: .any)) == [
                "app.pubkyring:a"
            ])
        #expect(world.events.value.last?.ignored.map(\.path) == [link])
        let item = NewKeychainItem(
            accessGroup: Fixture.shared, service: "evil", account: "app.pubkyring:b", data: [1],
            accessibility: .whenUnlocked)
        #expect(keychain.add(item) == .io)
        #expect(throws: KeychainStoreError.self) { try world.store().write(item, writer: "simctl", at: Date()) }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: outside) == ["app.pubkyring:a.item"])
        #expect(try String(contentsOfFile: outside + "/app.pubkyring:a.item", encoding: .utf8) == evil)
    }

    @Test func randomGarbageNeverCrashesAndNeverHidesValidItems() throws {
        let world = Fixture()
        let keychain = world.keychain()
        for index in 0..<10 {
            #expect(keychain.add(.shared("app.pubkyring:\(index)", "v\(index)")) == .success)
        }
        let folder = world.directory(Fixture.shared).path + "/" + Fixture.service
        let valid = try Data(contentsOf: URL(fileURLWithPath: folder + "/app.pubkyring:0.item"))
        var generator = SplitMix(seed: 99)
        for index in 0..<200 {
            var bytes: [UInt8]
            switch generator.next() % 4 {
            case 0:
                bytes = (0..<Int(generator.next() % 2000)).map { _ in
                    UInt8(truncatingIfNeeded: generator.next())
                }
            case 1: bytes = Array(valid.prefix(Int(generator.next() % UInt64(valid.count))))
            case 2:
                // A valid item with one byte flipped.
                bytes = Array(valid)
                let position = Int(generator.next() % UInt64(bytes.count))
                bytes[position] ^= UInt8(truncatingIfNeeded: 1 + generator.next() % 255)
            default: bytes = Array("{\"format\":1,\"class\":\"genp\"}".utf8)
            }
            let name = generator.next() % 3 == 0 ? "junk-\(index)" : "junk-\(index).item"
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        let before = world.snapshot()
        let listing = keychain.copyMatching(.shared(), limit: .all, returnData: true)
        #expect(listing.items.map(\.account) == (0..<10).map { "app.pubkyring:\($0)" })
        #expect(world.events.value.last?.ignored.count == 200)
        #expect(world.snapshot() == before)
    }
}
