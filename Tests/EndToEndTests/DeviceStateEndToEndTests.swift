import Foundation
import Testing

/// The three data-protection states (spec/01 §6): a reboot leaves the device never unlocked since
/// boot, with the apps not running and even `AfterFirstUnlock` items unavailable; locking does not
/// change that; only the first unlock does.
@Suite struct DeviceStateEndToEndTests {
    static let mnemonic =
        "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

    private func protection(_ sim: Sim) throws -> String? {
        try sim("simctl", "device", "status", "--json").json()["protection"] as? String
    }

    /// The status of Bitkit's last read of its mnemonic (an `AfterFirstUnlockThisDeviceOnly` item).
    private func lastMnemonicRead(_ sim: Sim) throws -> Int? {
        let entries = try sim("simctl", "journal", "--app", "bitkit", "--event", "keychain", "--json").json()["entries"]
        let reads = (entries as? [[String: Any]] ?? []).filter { $0["account"] as? String == "bip39_mnemonic_0" }
        return reads.last?["status"] as? Int
    }

    @Test func lockRightAfterARebootLeavesTheDeviceNeverUnlockedAndSaysSo() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        #expect(try sim("bitkit-sim", "wallet", "restore", "--mnemonic", Self.mnemonic).status == 0)
        #expect(try sim("simctl", "device", "reboot").status == 0)
        #expect(try sim("bitkit-sim", "state", "--json").json()["running"] as? Bool == false)
        let lock = try sim("simctl", "device", "lock")
        #expect(lock.status == 0)
        #expect(lock.stdout.contains("still never unlocked since boot"), "\(lock.stdout)")
        #expect(try protection(sim) == "never-unlocked")

        // Before the first unlock even Bitkit's private (AfterFirstUnlock) items are unavailable.
        #expect(try sim("bitkit-sim", "launch").status == 0)
        #expect(try lastMnemonicRead(sim) == -25308)

        // After a first unlock, a lock keeps AfterFirstUnlock items readable.
        #expect(try sim("simctl", "device", "unlock").status == 0)
        let relock = try sim("simctl", "device", "lock")
        #expect(relock.stdout.contains("Device locked."), "\(relock.stdout)")
        #expect(try protection(sim) == "locked")
        #expect(try sim("bitkit-sim", "relaunch").status == 0)
        #expect(try lastMnemonicRead(sim) == 0)
    }
}
