import Foundation
import Keychain
import PubkyCrypto
import SafeFiles

/// `sim-stress keychain …`: drives the directory keychain from a real process for the multi-process
/// concurrency and SIGKILL crash tests (Tests/KeychainTests).
///
/// Every value it writes is self-verifying: `<account>|<worker>|<counter>|<padding>` followed by the
/// SHA-256 hex of those bytes, so any torn or mixed read is detected by whoever reads it.
enum KeychainStress {
    static let usage = """
        usage: sim-stress keychain --dir DIR [--worker ID] [--ops N] [--seed S] [--mode mixed|write-loop]
                                   [--shared K] [--private P] [--value-size BYTES] [--group GROUP]
                                   [--pause-mid-write MICROSECONDS]

          mixed       N seeded add/update/delete/read/list calls on K shared accounts (any worker writes
                      them) and P accounts private to this worker (checked exactly against what it wrote).
                      Prints one summary line; exits 1 on any torn read, lost write or illegal status.
          write-loop  Upserts `loop:0..<P` with increasing counters and churns `churn:0..<P` (delete + add),
                      forever when N is 0. Prints "started" after its first write; meant to be SIGKILLed.

          --pause-mid-write makes every file write pause halfway, so that a kill lands mid-write.
          The group folder is DIR/GROUP (default group stress.group, service stress).
        """

    static let service = "stress"

    static func main(_ arguments: [String]) -> Int32 {
        let options: Options
        switch Options.parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            FileHandle.standardError.write(Data("sim-stress keychain: \(error.message)\n\(usage)\n".utf8))
            return 2
        }
        let keychain = Keychain(
            caller: KeychainCaller(
                bundleID: "stress.worker\(options.worker)", entitlements: [options.group],
                protection: { .unlocked }),
            directory: { [directory = options.directory] group in
                URL(fileURLWithPath: directory).appendingPathComponent(group, isDirectory: true)
            })
        FileTestingHooks.midWritePause.store(options.pauseMidWrite, ordering: .relaxed)
        var run = Run(options: options, keychain: keychain)
        switch options.mode {
        case .mixed: run.mixed()
        case .writeLoop: run.writeLoop()
        }
        for problem in run.problems.prefix(20) {
            FileHandle.standardError.write(Data("problem: \(problem)\n".utf8))
        }
        return run.problems.isEmpty ? 0 : 1
    }

    // MARK: Values

    /// The self-verifying value for `account` written by `worker` with `counter`.
    static func value(account: String, worker: Int, counter: UInt64, padding: Int) -> [UInt8] {
        var payload = Array("\(account)|\(worker)|\(counter)|".utf8)
        // Varying padding makes a mix of two values detectable even where their prefixes agree.
        var byte = UInt8(truncatingIfNeeded: counter &* 31 &+ UInt64(worker))
        for _ in 0..<padding {
            payload.append(UInt8(ascii: "a") + byte % 26)
            byte = byte &* 17 &+ 7
        }
        return payload + Array(Hex.encode(SHA256.hash(Array(payload))).utf8)
    }

    /// The (worker, counter) a value carries, or nil when it is torn, foreign or for another account.
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
        else { return nil }
        return (worker, counter)
    }

    // MARK: Options

    private enum Mode: String { case mixed, writeLoop = "write-loop" }

    private struct UsageError: Error { var message: String }

    private struct Options {
        var directory = ""
        var worker = 1
        var ops = 1000
        var seed: UInt64 = 1
        var mode = Mode.mixed
        var shared = 4
        var privateCount = 4
        var valueSize = 0
        var group = "stress.group"
        var pauseMidWrite: UInt32 = 0

        static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
            var options = Options()
            var index = 0
            while index < arguments.count {
                let name = arguments[index]
                guard index + 1 < arguments.count else {
                    return .failure(UsageError(message: "\(name) needs a value"))
                }
                let value = arguments[index + 1]
                index += 2
                let ok: Bool
                switch name {
                case "--dir":
                    options.directory = value
                    ok = !value.isEmpty
                case "--worker": ok = Int(value).map { options.worker = $0 } != nil
                case "--ops": ok = Int(value).map { options.ops = max(0, $0) } != nil
                case "--seed": ok = UInt64(value).map { options.seed = $0 } != nil
                case "--mode": ok = Mode(rawValue: value).map { options.mode = $0 } != nil
                case "--shared": ok = Int(value).map { options.shared = max(1, $0) } != nil
                case "--private": ok = Int(value).map { options.privateCount = max(1, $0) } != nil
                case "--value-size":
                    ok = Int(value).map { options.valueSize = min(max(0, $0), 500_000) } != nil
                case "--group":
                    options.group = value
                    ok = !value.isEmpty
                case "--pause-mid-write": ok = UInt32(value).map { options.pauseMidWrite = $0 } != nil
                default: return .failure(UsageError(message: "unknown option \(name)"))
                }
                if !ok { return .failure(UsageError(message: "invalid value \(value) for \(name)")) }
            }
            if options.directory.isEmpty { return .failure(UsageError(message: "--dir is required")) }
            return .success(options)
        }
    }

    // MARK: Running

    /// SplitMix64: tiny, seedable, identical on every platform.
    private struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    private struct Run {
        let options: Options
        let keychain: Keychain
        var generator: Generator
        var problems: [String] = []
        var counter: UInt64 = 0
        var tally: [String: Int] = [:]
        /// What this worker last wrote to each of its private accounts (absent = deleted / never added).
        var model: [String: [UInt8]] = [:]

        init(options: Options, keychain: Keychain) {
            self.options = options
            self.keychain = keychain
            generator = Generator(
                state: options.seed &* 0x1000_0000_01B3 &+ UInt64(bitPattern: Int64(options.worker)))
        }

        private func query(_ account: String? = nil) -> KeychainQuery {
            KeychainQuery(service: KeychainStress.service, account: account, accessGroup: options.group)
        }

        private mutating func nextValue(for account: String) -> [UInt8] {
            counter += 1
            return KeychainStress.value(
                account: account, worker: options.worker, counter: counter, padding: options.valueSize)
        }

        private mutating func check(_ status: OSStatus, _ legal: [OSStatus], _ what: String) {
            tally[what, default: 0] += 1
            if !legal.contains(status) { problems.append("\(what): illegal status \(status)") }
        }

        mutating func mixed() {
            let privateAccounts = (0..<options.privateCount).map { "w\(options.worker):\($0)" }
            let sharedAccounts = (0..<options.shared).map { "shared:\($0)" }
            for _ in 0..<options.ops {
                let own = generator.below(2) == 0
                let account =
                    own
                    ? privateAccounts[generator.below(privateAccounts.count)]
                    : sharedAccounts[generator.below(sharedAccounts.count)]
                let roll = generator.below(100)
                switch roll {
                case 0..<20: add(account, own: own)
                case 20..<40: update(account, own: own)
                case 40..<55: delete(account, own: own)
                case 55..<85: read(account, own: own)
                default: list(privateAccounts)
                }
            }
            list(privateAccounts)
            let counts = ["add", "update", "delete", "read", "list"].map {
                "\($0)=\(tally[$0, default: 0])"
            }
            print(
                "keychain-stress worker=\(options.worker) ops=\(options.ops) \(counts.joined(separator: " ")) problems=\(problems.count)"
            )
        }

        private mutating func add(_ account: String, own: Bool) {
            let value = nextValue(for: account)
            let status = keychain.add(
                NewKeychainItem(
                    accessGroup: options.group, service: KeychainStress.service, account: account,
                    data: value,
                    accessibility: .whenUnlockedThisDeviceOnly))
            if own {
                check(status, [model[account] == nil ? .success : .duplicateItem], "add")
                if status == .success { model[account] = value }
            } else {
                check(status, [.success, .duplicateItem], "add")
            }
        }

        private mutating func update(_ account: String, own: Bool) {
            let value = nextValue(for: account)
            let status = keychain.update(query(account), data: value)
            if own {
                check(status, [model[account] == nil ? .itemNotFound : .success], "update")
                if status == .success { model[account] = value }
            } else {
                check(status, [.success, .itemNotFound], "update")
            }
        }

        private mutating func delete(_ account: String, own: Bool) {
            let status = keychain.delete(query(account))
            if own {
                check(status, [model[account] == nil ? .itemNotFound : .success], "delete")
                if status == .success { model[account] = nil }
            } else {
                check(status, [.success, .itemNotFound], "delete")
            }
        }

        private mutating func read(_ account: String, own: Bool) {
            let result = keychain.copyMatching(query(account), limit: .one, returnData: true)
            if own {
                check(result.status, [model[account] == nil ? .itemNotFound : .success], "read")
            } else {
                check(result.status, [.success, .itemNotFound], "read")
            }
            guard result.status == .success else { return }
            guard result.items.count == 1, let item = result.items.first else {
                problems.append("read \(account): \(result.items.count) items for limit one")
                return
            }
            verify(item, expected: own ? model[account] : nil)
        }

        private mutating func list(_ privateAccounts: [String]) {
            let result = keychain.copyMatching(query(), limit: .all, returnData: true)
            check(result.status, [.success, .itemNotFound], "list")
            var seen = Set<String>()
            for item in result.items {
                seen.insert(item.account)
                verify(item, expected: privateAccounts.contains(item.account) ? model[item.account] : nil)
            }
            for account in privateAccounts where model[account] != nil && !seen.contains(account) {
                problems.append("list: own account \(account) is missing (lost write)")
            }
            let sequences = result.items.map(\.sequence)
            if sequences != sequences.sorted() { problems.append("list: not in sequence order") }
        }

        /// Checks the value is whole; for an own account it must be exactly the last value written.
        private mutating func verify(_ item: KeychainItem, expected: [UInt8]?) {
            guard KeychainStress.verify(item.data, account: item.account) != nil else {
                problems.append("torn or foreign value in \(item.account) (\(item.data.count) bytes)")
                return
            }
            if item.account.hasPrefix("w\(options.worker):") && item.data != expected {
                problems.append(
                    "\(item.account) does not hold the last value this worker wrote (lost write)")
            }
        }

        /// Upserts `loop:*` accounts with increasing counters and churns `churn:*` until killed.
        mutating func writeLoop() {
            var announced = false
            var iteration = 0
            while options.ops == 0 || iteration < options.ops {
                iteration += 1
                let index = generator.below(options.privateCount)
                if generator.below(4) == 0 {
                    let account = "churn:\(index)"
                    _ = keychain.delete(query(account))
                    let status = keychain.add(
                        NewKeychainItem(
                            accessGroup: options.group, service: KeychainStress.service, account: account,
                            data: nextValue(for: account), accessibility: .afterFirstUnlockThisDeviceOnly))
                    check(status, [.success], "add")
                } else {
                    let account = "loop:\(index)"
                    let current = keychain.copyMatching(query(account), limit: .one, returnData: true)
                    var next: UInt64 = 1
                    if current.status == .success, let item = current.items.first {
                        guard let (_, stored) = KeychainStress.verify(item.data, account: account) else {
                            problems.append("torn value in \(account)")
                            return
                        }
                        next = stored + 1
                    }
                    let value = KeychainStress.value(
                        account: account, worker: options.worker, counter: next, padding: options.valueSize)
                    let status =
                        current.status == .success
                        ? keychain.update(query(account), data: value)
                        : keychain.add(
                            NewKeychainItem(
                                accessGroup: options.group, service: KeychainStress.service, account: account,
                                data: value, accessibility: .afterFirstUnlockThisDeviceOnly))
                    check(status, [.success], current.status == .success ? "update" : "add")
                }
                if !announced {
                    announced = true
                    FileHandle.standardOutput.write(Data("started\n".utf8))
                }
                if !problems.isEmpty { return }
            }
        }
    }
}
