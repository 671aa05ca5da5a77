import Foundation
import Keychain

/// `sim-stress keychain-bench --dir DIR --size N --reps R [--write-reps W] [--list-reps L]`: the keychain side of the
/// benchmark (scripts/bench). Fills the group `DIR/bench.group` to N items (fast, unsynced writes),
/// then times R reads of one item, L listings of the whole group, W adds and W deletes through the
/// public keychain API exactly as an app calls it (durable writes). Prints one JSON object of mean
/// microseconds per call; `bench-floor keychain` measures the raw-file floor on the same folder.
enum KeychainBench {
    static let usage =
        "usage: sim-stress keychain-bench --dir DIR --size N --reps R [--write-reps W] [--list-reps L] [--seed S]"
    static let group = "bench.group"
    static let service = "bench"

    struct Result: Codable {
        var items: Int
        var addMicroseconds: Double
        var readMicroseconds: Double
        var listMicroseconds: Double
        var deleteMicroseconds: Double
        var populateSeconds: Double

        enum CodingKeys: String, CodingKey {
            case items
            case addMicroseconds = "add_us"
            case readMicroseconds = "read_us"
            case listMicroseconds = "list_us"
            case deleteMicroseconds = "delete_us"
            case populateSeconds = "populate_s"
        }
    }

    static func main(_ arguments: [String]) -> Int32 {
        var values: [String: String] = [:]
        var index = 0
        while index + 1 < arguments.count, arguments[index].hasPrefix("--") {
            values[String(arguments[index].dropFirst(2))] = arguments[index + 1]
            index += 2
        }
        guard index == arguments.count, let directory = values["dir"],
            let size = values["size"].flatMap({ Int($0) }), size > 0,
            let reps = values["reps"].flatMap({ Int($0) }), reps > 0
        else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            return 2
        }
        let listReps = values["list-reps"].flatMap { Int($0) } ?? 3
        let writeReps = values["write-reps"].flatMap { Int($0) } ?? 20
        var random = values["seed"].flatMap { UInt64($0) } ?? 1
        var keychain = Keychain(
            caller: KeychainCaller(bundleID: "bench", entitlements: [group], protection: { .unlocked }),
            directory: { group in URL(fileURLWithPath: directory).appendingPathComponent(group, isDirectory: true) })
        func account(_ index: Int) -> String { "app.pubkyring:\(index)" }
        func query(_ account: String?) -> KeychainQuery {
            KeychainQuery(service: service, account: account, accessGroup: group)
        }
        func value(_ index: Int) -> NewKeychainItem {
            NewKeychainItem(
                accessGroup: group, service: service, account: account(index),
                data: Array(String(repeating: "s", count: 64).utf8), accessibility: .afterFirstUnlock)
        }
        var problems = 0
        func check(_ status: OSStatus, _ what: String) {
            if status != .success {
                problems += 1
                FileHandle.standardError.write(Data("keychain-bench: \(what): \(status)\n".utf8))
            }
        }

        // Fill the group without fsync: 10,000 durable adds would take minutes and measure the disk.
        let clock = ContinuousClock()
        keychain.durable = false
        let existing = keychain.copyMatching(query(nil), limit: .all, returnData: false).items.count
        let populate = clock.measure {
            for index in existing..<size { check(keychain.add(value(index)), "populate \(index)") }
        }
        keychain.durable = true

        func microseconds(_ duration: Duration, _ count: Int) -> Double {
            let (seconds, attoseconds) = duration.components
            return (Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(count)
        }
        let read = clock.measure {
            for _ in 0..<reps {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let result = keychain.copyMatching(
                    query(account(Int((random >> 33) % UInt64(size)))), limit: .one, returnData: true)
                check(result.status, "read")
            }
        }
        var listed = 0
        let list = clock.measure {
            for _ in 0..<listReps {
                let result = keychain.copyMatching(query(nil), limit: .all, returnData: true)
                check(result.status, "list")
                listed = result.items.count
            }
        }
        if listed != size {
            problems += 1
            FileHandle.standardError.write(Data("keychain-bench: listed \(listed) of \(size) items\n".utf8))
        }
        let add = clock.measure {
            for index in 0..<writeReps { check(keychain.add(value(size + index)), "add") }
        }
        let delete = clock.measure {
            for index in 0..<writeReps { check(keychain.delete(query(account(size + index))), "delete") }
        }
        let result = Result(
            items: size, addMicroseconds: microseconds(add, writeReps), readMicroseconds: microseconds(read, reps),
            listMicroseconds: microseconds(list, listReps), deleteMicroseconds: microseconds(delete, writeReps),
            populateSeconds: microseconds(populate, 1) / 1e6)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        if let line = try? encoder.encode(result) {
            FileHandle.standardOutput.write(line + Data("\n".utf8))
        }
        return problems == 0 ? 0 : 1
    }
}
