import AndroidPlatform
import ContractNames
import Foundation
import IdentitySharing
import Keychain
import Testing

/// Bitkit's private keychain group in a fresh folder; removed when the value goes away.
final class PrivateGroupFolder: Sendable {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("provider-records-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: root) }

    func keychain(bundleID: String) -> Keychain {
        let root = root
        return Keychain(
            caller: KeychainCaller(
                bundleID: bundleID, entitlements: ["KYH47R284B.private"], protection: { .unlocked },
                now: { Date(timeIntervalSince1970: 1_767_225_600) }),
            directory: { root.appendingPathComponent("private/\($0)") })
    }
}

/// The inspector's view of an Android device (spec/07 §0 "SK"): what each installed provider
/// serves a trusted caller, Bitkit's packages first, each row with the secret its credential path
/// returns.
@Suite struct ProviderRecordsTests {
    /// Bitkit's private group in a `KYH47R284B.private` folder of `fixture`, holding `key` (if any).
    static func bitkit(_ fixture: PrivateGroupFolder, package: String, key: String?) -> ProviderRecords.Installed {
        let group = "KYH47R284B.private"
        if let key {
            let status = fixture.keychain(bundleID: "to.bitkit").add(
                NewKeychainItem(
                    accessGroup: group, service: "to.bitkit", account: "PUBKY_SECRET_KEY", data: Array(key.utf8),
                    accessibility: .afterFirstUnlockThisDeviceOnly))
            #expect(status == .success)
        }
        return .bitkit(
            package: package, folder: fixture.root.appendingPathComponent("private/\(group)"), accessGroup: group)
    }

    @Test func bitkitsServedKeyComesFirstThenRingsEntriesInCreationOrder() throws {
        let fixture = PrivateGroupFolder()
        let android = AndroidFixture()
        try android.store.set(pubky: AndroidFixture.b, secret: AndroidFixture.bSecret)
        try android.store.set(pubky: AndroidFixture.a, secret: AndroidFixture.aSecret)
        let records = try ProviderRecords.read(
            [.ring(android.store), Self.bitkit(fixture, package: "to.bitkit.dev", key: AndroidFixture.wSecret)],
            showSecrets: true)
        #expect(
            records.map(\.record) == [
                "to.bitkit.dev:\(AndroidFixture.w)", "app.pubkyring:\(AndroidFixture.b)",
                "app.pubkyring:\(AndroidFixture.a)",
            ])
        #expect(records.map(\.secret) == [AndroidFixture.wSecret, AndroidFixture.bSecret, AndroidFixture.aSecret])
        #expect(records.allSatisfy { $0.validSecret == true })
        #expect(records.map(\.writer) == ["to.bitkit.dev", "app.pubkyring", "app.pubkyring"])
        #expect(records[0].platform["authority"] == "to.bitkit.dev.sharedpubky")
    }

    @Test func secretsAreLeftOutUnlessAskedFor() throws {
        let fixture = PrivateGroupFolder()
        let records = try ProviderRecords.read([
            Self.bitkit(fixture, package: "to.bitkit", key: AndroidFixture.wSecret)
        ])
        #expect(records.map(\.record) == ["to.bitkit:\(AndroidFixture.w)"])
        #expect(records[0].secret == nil)
    }

    @Test func aBitkitWithoutAValidKeyServesNothing() throws {
        let fixture = PrivateGroupFolder()
        #expect(try ProviderRecords.read([Self.bitkit(fixture, package: "to.bitkit.dev", key: nil)]).isEmpty)
        let short = PrivateGroupFolder()
        #expect(try ProviderRecords.read([Self.bitkit(short, package: "to.bitkit.dev", key: "5eb00bbd")]).isEmpty)
    }

    @Test func aPlantedOrUndecryptableRingEntryIsListedAsNotValidAndNamesItsWriter() throws {
        let android = AndroidFixture()
        try android.store.set(pubky: AndroidFixture.a, secret: "0101", writer: "simctl")
        try android.store.set(pubky: AndroidFixture.b, secret: AndroidFixture.bSecret)
        try android.store.overwrite(pubky: AndroidFixture.b, value: Data(repeating: 0, count: 40).base64EncodedString())
        let records = try ProviderRecords.read([.ring(android.store)], showSecrets: true)
        #expect(records.map(\.validSecret) == [false, false])
        #expect(records.map(\.writer) == ["simctl", "simctl"])
        #expect(records.map(\.secret) == ["0101", ""])
        #expect(records[1].platform["served"] == "no credential")
    }

    @Test func aMalformedStoreFileIsAnError() throws {
        let android = AndroidFixture()
        try android.store.set(pubky: AndroidFixture.a, secret: AndroidFixture.aSecret)
        try Data("{".utf8).write(to: android.storeFile)
        #expect(throws: (any Error).self) { try ProviderRecords.read([.ring(android.store)]) }
    }
}
