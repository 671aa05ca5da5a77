import Backend
import Foundation
import PubkyCrypto

/// `sim-stress backend --db PATH --calls N --seed S --worker ID`: one process hammering the backend
/// with a deterministic mix of calls (sign-ups through Homegate, sign-ins, session imports, storage
/// puts with a per-worker counter, reads, PKARR publishes and resolves), checking what it reads back.
/// Prints one JSON summary line; exits 0 when no call failed, 1 when any did, 2 on bad arguments.
enum BackendStress {
    /// The summary line, also what the concurrency test checks the database against.
    struct Summary: Codable {
        var worker: String
        var calls: Int
        var errors: Int
        /// Accounts this worker created.
        var signups: Int
        /// Counter value last written; `/pub/stress/<worker>/items/1…counter` were all written.
        var counter: Int
        /// The account that holds this worker's files.
        var pubky: String
    }

    static func main(_ arguments: [String]) -> Int32 {
        guard let options = Options(arguments) else {
            FileHandle.standardError.write(
                Data("usage: sim-stress backend --db PATH --calls N --seed S --worker ID\n".utf8))
            return 2
        }
        var worker = Worker(options: options)
        let summary = worker.run()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        if let line = try? encoder.encode(summary) {
            FileHandle.standardOutput.write(line + Data("\n".utf8))
        }
        return summary.errors == 0 ? 0 : 1
    }

    struct Options {
        let database: String
        let calls: Int
        let seed: UInt64
        let worker: String

        init?(_ arguments: [String]) {
            var values: [String: String] = [:]
            var index = 0
            while index + 1 < arguments.count, arguments[index].hasPrefix("--") {
                values[String(arguments[index].dropFirst(2))] = arguments[index + 1]
                index += 2
            }
            guard index == arguments.count, let database = values["db"],
                let calls = values["calls"].flatMap({ Int($0) }),
                calls > 0, let seed = values["seed"].flatMap({ UInt64($0) }), let worker = values["worker"],
                !worker.isEmpty
            else { return nil }
            self.database = database
            self.calls = calls
            self.seed = seed
            self.worker = worker
        }
    }

    struct Worker {
        let options: Options
        var random: SeededRandom
        let client: BackendClient
        var keys: [Ed25519KeyPair] = []
        var sessions: [HomeserverSession] = []
        var counter = 0
        var errors = 0

        init(options: Options) {
            self.options = options
            // Each worker draws its own keys; the seed keeps a failing run replayable.
            random = SeededRandom(seed: Array("\(options.seed)/\(options.worker)".utf8))
            client = BackendClient(
                databasePath: options.database, app: "stress-\(options.worker)",
                random: SeededRandom(seed: Array("client/\(options.seed)/\(options.worker)".utf8)))
        }

        var directory: String { "/pub/stress/\(options.worker)" }

        mutating func run() -> Summary {
            for call in 0..<options.calls {
                do {
                    try perform(call)
                } catch {
                    errors += 1
                    FileHandle.standardError.write(
                        Data("worker \(options.worker) call \(call): \(error)\n".utf8))
                }
            }
            return Summary(
                worker: options.worker, calls: options.calls, errors: errors, signups: keys.count,
                counter: counter,
                pubky: keys.first?.pubky ?? "")
        }

        /// One call of a fixed ten-step cycle; the first call of every cycle signs a new key up.
        mutating func perform(_ call: Int) throws {
            guard let home = sessions.first, call % 10 != 0 else { return try signUp() }
            let pick = Int(random.bytes(1)[0]) % keys.count
            switch call % 10 {
            case 1, 2, 3:
                counter += 1
                _ = try client.put(
                    home, path: "\(directory)/items/\(counter)", data: Array(String(counter).utf8))
            case 4:
                _ = try client.put(home, path: "\(directory)/counter", data: Array(String(counter).utf8))
            case 5:
                sessions.append(try client.signIn(keyPair: keys[pick]).value)
            case 6:
                _ = try client.publishHomeserver(keyPair: keys[pick], homeserver: KnownHomeservers.staging)
            case 7:
                guard case .found(let record) = try client.resolve(keys[pick].pubky).value,
                    record.homeserver == KnownHomeservers.staging
                else { throw StressFailure("the record of \(keys[pick].pubky) did not resolve to staging") }
            case 8:
                let stored = try client.get(pubky: home.pubky, path: "\(directory)/items/\(counter)").value
                guard stored == Array(String(counter).utf8) else {
                    throw StressFailure(
                        "item \(counter) read back as \(String(decoding: stored, as: UTF8.self))")
                }
            default:
                let session = sessions[Int(random.bytes(1)[0]) % sessions.count]
                guard try client.importSession(session.exported).value.secret == session.secret else {
                    throw StressFailure("session \(session.exported) imported as another session")
                }
            }
        }

        mutating func signUp() throws {
            guard let key = Ed25519KeyPair(seed: random.bytes(32)) else {
                throw StressFailure("could not derive a key")
            }
            let session = try client.signUpThroughHomegate(keyPair: key).value
            keys.append(key)
            sessions.append(session)
        }
    }

    struct StressFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
