import Foundation
import PubkyCrypto
import Testing

@testable import Keychain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Real processes (`sim-stress keychain`) racing on one group folder, and SIGKILLed mid-write.
@Suite(.serialized) struct MultiProcessTests {
    static let group = "stress.group"

    @Test func twoProcessesHammeringOneGroupNeverTearLoseOrMisreport() throws {
        let world = Fixture()
        let directory = world.root.path + "/race"
        let binary = try StressBinary.locate()
        let workers = try [1, 2].map { worker in
            try StressBinary.start(
                binary,
                [
                    "--dir", directory, "--worker", "\(worker)", "--ops", "1200", "--seed", "31", "--shared",
                    "3", "--private", "4",
                ])
        }
        var summaries: [String] = []
        for (process, output, errors) in workers {
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let problems = String(
                decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(text)\(problems)")
            summaries.append(text)
        }
        // Each worker checked every status, every value and its own accounts as it went; the summary
        // proves it really ran the mix.
        for summary in summaries {
            #expect(summary.contains("ops=1200"))
            #expect(summary.contains("problems=0"))
            for call in ["add", "update", "delete", "read", "list"] {
                #expect(
                    summary.range(of: "\(call)=[1-9]", options: .regularExpression) != nil, "\(summary)")
            }
        }
        // The final state is whole, ordered and clean.
        let checker = Self.checker(directory, world: world)
        let listing = checker.copyMatching(
            KeychainQuery(accessGroup: Self.group), limit: .all, returnData: true)
        #expect(listing.status == .success)
        #expect(!listing.items.isEmpty)
        for item in listing.items {
            #expect(StressValue.verify(item.data, account: item.account) != nil, "torn \(item.account)")
        }
        #expect(listing.items.map(\.sequence) == listing.items.map(\.sequence).sorted())
        #expect(world.events.value.last?.ignored == [])
        #expect(world.temporaryFiles() == [])
    }

    @Test func sigkillMidWriteLeavesEveryItemWholeAndTheGroupUsable() throws {
        let world = Fixture()
        let directory = world.root.path + "/crash"
        let binary = try StressBinary.locate()
        let checker = Self.checker(directory, world: world)
        var generator = SplitMix(seed: 2024)
        var counters: [String: UInt64] = [:]
        var temporaryFilesSeen = Set<String>()
        let started = ContinuousClock.now
        for trial in 0..<100 {
            let (process, output, _) = try StressBinary.start(
                binary,
                [
                    "--dir", directory, "--mode", "write-loop", "--ops", "0", "--worker", "9", "--seed",
                    "\(trial)", "--private", "3", "--value-size", "4000", "--pause-mid-write", "6000",
                ])
            // Kill only once it is writing, after a seeded random delay.
            let announcement = output.fileHandleForReading.availableData
            #expect(String(decoding: announcement, as: UTF8.self).hasPrefix("started"), "trial \(trial)")
            usleep(UInt32(generator.next() % 8000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "trial \(trial) exited by itself")

            let listing = checker.copyMatching(
                KeychainQuery(accessGroup: Self.group), limit: .all, returnData: true)
            #expect(listing.status == .success, "trial \(trial)")
            for item in listing.items {
                guard let (_, counter) = StressValue.verify(item.data, account: item.account) else {
                    Issue.record("trial \(trial): torn value in \(item.account)")
                    continue
                }
                // One writer at a time: a loop account's counter never goes back (no lost write).
                if item.account.hasPrefix("loop:") {
                    #expect(
                        counter >= counters[item.account, default: 0],
                        "trial \(trial): \(item.account) went back")
                    counters[item.account] = counter
                }
            }
            // An upserted account, once there, is always there: old or new value, never absent or torn.
            let present = Set(listing.items.map(\.account))
            for account in counters.keys where !present.contains(account) {
                Issue.record("trial \(trial): \(account) vanished")
            }
            let ignored = try #require(world.events.value.last).ignored
            for entry in ignored {
                #expect(
                    (entry.path as NSString).lastPathComponent.hasPrefix(".tmp-"), "trial \(trial): \(entry)")
            }
            temporaryFilesSeen.formUnion(ignored.map(\.path))
        }
        print(
            "crash test: 100 kills, \(temporaryFilesSeen.count) left a temporary file, \(ContinuousClock.now - started)"
        )
        #expect(counters.count == 3)
        // Writes pause halfway, so most kills interrupt one: the test really tests something.
        #expect(temporaryFilesSeen.count >= 20, "too few kills landed mid-write")

        // Still usable: add, read, list, update, delete.
        let item = NewKeychainItem(
            accessGroup: Self.group, service: "stress", account: "after-crash", data: [1, 2, 3],
            accessibility: .afterFirstUnlock)
        #expect(checker.add(item) == .success)
        #expect(
            checker.string(
                KeychainQuery(service: "stress", account: "after-crash", accessGroup: Self.group))
                == "\u{1}\u{2}\u{3}")
        #expect(
            checker.copyMatching(KeychainQuery(accessGroup: Self.group), limit: .all, returnData: false)
                .items.last?.account == "after-crash")

        // Leftover temporary files are cleaned: all of them under the exclusive lock, stale ones by any reader.
        let store = KeychainGroupStore(
            directory: URL(fileURLWithPath: directory + "/" + Self.group), accessGroup: Self.group)
        #expect(try store.removeLeftoverTemporaryFiles() == [])
        #expect(world.temporaryFiles() == [])
        let folder = directory + "/" + Self.group + "/stress"
        let stale = folder + "/.tmp-99999-stale"
        let fresh = folder + "/.tmp-99999-fresh"
        try Data("half an item".utf8).write(to: URL(fileURLWithPath: stale))
        try Data("half an item".utf8).write(to: URL(fileURLWithPath: fresh))
        var old = [
            timeval(tv_sec: time(nil) - 60, tv_usec: 0), timeval(tv_sec: time(nil) - 60, tv_usec: 0),
        ]
        #expect(utimes(stale, &old) == 0)
        _ = checker.copyMatching(KeychainQuery(accessGroup: Self.group), limit: .all, returnData: false)
        #expect(world.events.value.last?.ignored.map(\.path) == [fresh])
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: fresh))
        // A write that scans the folder holds the exclusive lock and removes the rest.
        #expect(
            checker.update(KeychainQuery(service: "stress", accessGroup: Self.group), data: [9])
                == .success)
        #expect(world.temporaryFiles() == [])
    }

    static func checker(_ directory: String, world: Fixture) -> Keychain {
        let events = world.events
        return Keychain(
            caller: KeychainCaller(
                bundleID: "checker", entitlements: [group], protection: { .unlocked },
                observer: { event in events.mutate { $0.append(event) } }),
            directory: { URL(fileURLWithPath: directory).appendingPathComponent($0) })
    }
}

/// The self-verifying values of `sim-stress keychain` (its `KeychainStress.value`): payload
/// `<account>|<worker>|<counter>|<padding>` followed by the payload's SHA-256 in hex.
enum StressValue {
    static func verify(_ data: [UInt8], account: String) -> (worker: Int, counter: UInt64)? {
        guard data.count > 64 else { return nil }
        let payload = data.dropLast(64)
        guard Hex.encode(SHA256.hash(Array(payload))) == String(decoding: data.suffix(64), as: UTF8.self) else {
            return nil
        }
        let fields = String(decoding: payload, as: UTF8.self).split(
            separator: "|", omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0] == account, let worker = Int(fields[1]),
            let counter = UInt64(fields[2])
        else {
            return nil
        }
        return (worker, counter)
    }
}

/// Finds and starts the `sim-stress` executable built next to the test bundle.
enum StressBinary {
    struct Missing: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "sim-stress not found next to the tests (searched \(searched.joined(separator: ", "))); build it with `swift build --product sim-stress`"
        }
    }

    static func locate() throws -> URL {
        var folders: [URL] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        var searched: [String] = []
        for folder in folders {
            // The bundle may sit a few levels below the products folder (macOS: *.xctest/Contents/MacOS).
            var candidate = folder.standardizedFileURL
            for _ in 0..<4 {
                let binary = candidate.appendingPathComponent("sim-stress")
                searched.append(binary.path)
                if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
                candidate.deleteLastPathComponent()
            }
        }
        throw Missing(searched: searched)
    }

    /// Starts `sim-stress keychain <arguments>` with piped output.
    static func start(_ binary: URL, _ arguments: [String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["keychain"] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return (process, output, errors)
    }
}
