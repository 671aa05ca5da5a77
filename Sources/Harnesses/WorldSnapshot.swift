import ContractNames
import Foundation
import Keychain
import WorldFiles

/// What a crash must never damage, read straight from a world's files: every keychain item (the
/// credentials) and whether any stored file is torn (a keychain item that does not decode, a
/// sandbox document or the device file that is not JSON). Temporary files of unfinished writes are
/// not torn items: readers ignore them and they are swept once stale.
struct WorldSnapshot {
    /// An item's identity: its group, service and account.
    struct Key: Hashable, Comparable, CustomStringConvertible {
        var group: String
        var service: String
        var account: String

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.group, lhs.service, lhs.account) < (rhs.group, rhs.service, rhs.account)
        }

        var description: String { "\(group) \(service) \(account)" }
    }

    var items: [Key: [UInt8]] = [:]
    var torn: [String] = []

    /// Reads `world`: the shared group, every private group and every JSON document of `.sim/`.
    static func take(_ world: World) throws -> WorldSnapshot {
        var snapshot = WorldSnapshot()
        for group in [SharedContract.accessGroup] + world.privateGroupsOnDisk() {
            let found = try KeychainGroupStore(directory: world.groupDirectory(group), accessGroup: group).inspect()
            for item in found.items {
                snapshot.items[Key(group: group, service: item.service, account: item.account)] = item.data
            }
            snapshot.torn += found.ignored.filter { !$0.reason.hasPrefix("temporary file") }.map {
                "\($0.path): \($0.reason)"
            }
        }
        var documents = [world.deviceFile]
        for sandbox
            in (try? FileManager.default.contentsOfDirectory(at: world.sandboxes, includingPropertiesForKeys: nil))
            ?? []
        {
            let files =
                (try? FileManager.default.contentsOfDirectory(at: sandbox, includingPropertiesForKeys: nil)) ?? []
            documents += files.filter { $0.pathExtension == "json" }
        }
        for document in documents {
            guard let bytes = try? InputLimit.sandboxDocument.readWorldFile(document.path) else {
                snapshot.torn.append("\(document.path): unreadable")
                continue
            }
            if (try? JSONSerialization.jsonObject(with: Data(bytes))) == nil {
                snapshot.torn.append("\(document.path): not a JSON document")
            }
        }
        return snapshot
    }

    /// Credentials the crash lost: an item present before the step and still present, unchanged,
    /// after the step ran to completion, that is gone or changed after the crash; and an item the
    /// step updated that the crash left with neither its old nor its new value.
    static func lost(before: WorldSnapshot, reference: WorldSnapshot, crashed: WorldSnapshot) -> [String] {
        var lost: [String] = []
        for (key, old) in before.items.sorted(by: { $0.key < $1.key }) {
            guard let kept = reference.items[key] else { continue }
            let now = crashed.items[key]
            if now == nil {
                lost.append("\(key) is gone (the completed step keeps it)")
            } else if now != old && now != kept {
                lost.append("\(key) holds neither its old nor its new value")
            }
        }
        return lost
    }
}
