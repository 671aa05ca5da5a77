import ContractNames
import Foundation
import IOSPlatform
import IdentitySharing
import Keychain

/// A real shared keychain group in a temporary folder, with the apps' real exchanges over it: for a
/// reducer test whose subject is Bitkit's check of a record (spec/01 §4), which no fake may
/// re-implement. Removed when the value goes away.
final class RealSharedGroup {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("shared-group-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: root) }

    private func keychain(bundleID: String) -> Keychain {
        let root = root
        return Keychain(
            caller: KeychainCaller(
                bundleID: bundleID, entitlements: [SharedContract.accessGroup], protection: { .unlocked },
                now: { Date(timeIntervalSince1970: 1_767_225_600) }),
            directory: { _ in root })
    }

    /// Ring publishes `secret` under `pubky` as it stores it: Ring writes without validating.
    func ringPublishes(pubky: String, secret: String) {
        _ = RingKeychainExchange(keychain: keychain(bundleID: "app.pubkyring")).offer(pubky: pubky, secret: secret) {}
    }

    /// Bitkit's side of the group, as a regtest build of the app reads it.
    var bitkit: BitkitKeychainExchange {
        BitkitKeychainExchange(keychain: keychain(bundleID: "to.bitkit"), ownSourceApp: "to.bitkit.dev")
    }
}
