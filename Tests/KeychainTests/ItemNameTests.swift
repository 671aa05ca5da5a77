import Foundation
import PubkyCrypto
import Testing

@testable import Keychain

@Suite struct ItemNameTests {
    static let awkward: [String] = [
        "app.pubkyring:aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy",
        "to.bitkit.dev:tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy",
        "a:b:c", "with/slash", "/", "//", "100%", "%", "%25", "%41", ".hidden", ".", "..", "...",
        ".lock",
        ".tmp-1234", "a.", "~tilde", "~" + String(repeating: "0", count: 64), "ünïcödé", "日本語", "🔑 key",
        "tab\there", "new\nline", "nul\u{0}byte", "space in name", "#?*<>|\"'\\", "x.item",
        "x.sync-item",
        "pubky-session:abc:4dd6b3f6-1ef1-4e8a-9a7b-4bbdb8b69785", "bip39_mnemonic_0", "UPPER lower",
        String(repeating: "x", count: 200), String(repeating: "x", count: 201),
        String(repeating: "é", count: 40),
        String(repeating: "é", count: 34), String(repeating: "/", count: 67),
        String(repeating: "🔑", count: 1000),
    ]

    @Test func readableCharactersStayReadableAndEverythingElseIsPercentEncoded() {
        #expect(ItemName.encode("app.pubkyring:aihf-_.09AZaz") == "app.pubkyring:aihf-_.09AZaz")
        #expect(ItemName.encode("a/b") == "a%2Fb")
        #expect(ItemName.encode("100%") == "100%25")
        #expect(ItemName.encode(".hidden") == "%2Ehidden")
        #expect(ItemName.encode("..") == "%2E.")
        #expect(ItemName.encode("a.") == "a.")
        #expect(ItemName.encode("é") == "%C3%A9")
        #expect(ItemName.encode("a b~") == "a%20b%7E")
        #expect(
            ItemName.itemFileName(account: "app.pubkyring:x", synchronizable: false)
                == "app.pubkyring:x.item")
        #expect(
            ItemName.itemFileName(account: "app.pubkyring:x", synchronizable: true)
                == "app.pubkyring:x.sync-item")
    }

    @Test func awkwardNamesRoundTripThroughTheirFileNames() {
        for name in Self.awkward {
            let component = ItemName.component(for: name)
            #expect(isSafeFileName(component), "\(name.debugDescription) → \(component)")
            if ItemName.encode(name).utf8.count <= ItemName.maxEncodedLength {
                #expect(ItemName.decode(component) == name, "\(name.debugDescription)")
            } else {
                #expect(component == "~" + Hex.encode(SHA256.hash(Array(name.utf8))))
                #expect(ItemName.decode(component) == nil)
            }
            #expect(ItemName.isComponent(component))
        }
        #expect(Set(Self.awkward.map(ItemName.component(for:))).count == Set(Self.awkward).count)
    }

    @Test func decodingRejectsEverythingTheEncoderWouldNotProduce() {
        for encoded in [
            "%2f", "%41", "%", "%2", "%G1", "%FF", "%C3", ".hidden", "a b", "a/b", "~x", "",
        ] {
            #expect(ItemName.decode(encoded) == nil || encoded.isEmpty, "\(encoded)")
            #expect(!ItemName.isComponent(encoded), "\(encoded)")
        }
    }

    @Test func randomStringsRoundTripAndNeverCollide() {
        // Property-style: seeded random strings drawn from readable, special and multi-byte characters.
        var generator = SplitMix(seed: 0x5eed)
        let alphabet: [Character] =
            Array("abcXYZ019._:-%/ ~#\\\"'\t\n\u{0}éü日🔑") + ["\u{301}", "\u{200B}", "e\u{301}"]
        var components: [String: String] = [:]
        for _ in 0..<3000 {
            let length = 1 + Int(generator.next() % 120)
            let name = String(
                (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let component = ItemName.component(for: name)
            #expect(isSafeFileName(component))
            if !component.hasPrefix("~") {
                #expect(ItemName.decode(component) == name)
            }
            if let other = components[component] {
                #expect(
                    other.utf8.elementsEqual(name.utf8),
                    "collision: \(other.debugDescription) / \(name.debugDescription)")
            }
            components[component] = name
        }
    }

    @Test func awkwardAccountsAndServicesWorkEndToEnd() throws {
        let world = Fixture()
        let keychain = world.keychain()
        let services = ["pubky.shared.v1", "a/b", ".hidden", String(repeating: "s", count: 250)]
        for (index, name) in Self.awkward.enumerated() {
            let item = NewKeychainItem(
                accessGroup: Fixture.shared, service: services[index % services.count], account: name,
                data: Array(name.utf8), accessibility: .whenUnlocked)
            #expect(keychain.add(item) == .success, "\(name.debugDescription)")
        }
        let listed = keychain.copyMatching(
            KeychainQuery(accessGroup: Fixture.shared), limit: .all, returnData: true)
        #expect(listed.items.map(\.account) == Self.awkward)
        #expect(listed.items.allSatisfy { $0.data == Array($0.account.utf8) })
        #expect(world.events.value.last?.ignored == [])
        for (index, name) in Self.awkward.enumerated() {
            let query = KeychainQuery(
                service: services[index % services.count], account: name, accessGroup: Fixture.shared)
            #expect(keychain.string(query) == name)
        }
        // The listing on disk stays readable for ordinary accounts.
        let folder = world.directory(Fixture.shared).path + "/pubky.shared.v1"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(
            files.contains("app.pubkyring:aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy.item"))
    }

    private func isSafeFileName(_ component: String) -> Bool {
        !component.isEmpty && !component.hasPrefix(".") && !component.contains("/")
            && !component.contains("\u{0}")
            && component.utf8.count + ItemName.synchronizableItemSuffix.utf8.count <= 255
            && component.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7f }
    }
}

/// SplitMix64: a small seedable generator so property tests replay exactly.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
