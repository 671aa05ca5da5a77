import Backend
import Foundation
import PubkyCrypto

/// `sim-stress backend-bench --db PATH --op create|signin|resolve|profile --seconds S --worker ID`:
/// the backend side of the benchmark (scripts/bench). `create` makes the database; the other
/// operations sign this worker's key up once, then repeat the operation for S seconds and print one
/// JSON object with the number of calls (a profile call is one put and one get).
enum BackendBench {
    static let usage =
        "usage: sim-stress backend-bench --db PATH --op create|signin|resolve|profile [--seconds S] [--worker ID]"

    struct Result: Codable {
        var op: String
        var worker: String
        var calls: Int
        var seconds: Double
        var errors: Int
    }

    static func main(_ arguments: [String]) -> Int32 {
        var values: [String: String] = [:]
        var index = 0
        while index + 1 < arguments.count, arguments[index].hasPrefix("--") {
            values[String(arguments[index].dropFirst(2))] = arguments[index + 1]
            index += 2
        }
        guard index == arguments.count, let database = values["db"], let op = values["op"] else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            return 2
        }
        if op == "create" {
            do {
                _ = try Backend.create(at: database, now: Date())
                return 0
            } catch {
                FileHandle.standardError.write(Data("backend-bench: \(error)\n".utf8))
                return 1
            }
        }
        let seconds = values["seconds"].flatMap { Double($0) } ?? 2
        let worker = values["worker"] ?? "1"
        let client = BackendClient(
            databasePath: database, app: "bench-\(worker)",
            random: SeededRandom(seed: Array("bench/\(worker)/\(getpid())".utf8)))
        var seed = SeededRandom(seed: Array("bench-key/\(worker)/\(getpid())".utf8))
        var errors = 0
        func report(_ error: any Error) {
            errors += 1
            if errors <= 5 { FileHandle.standardError.write(Data("backend-bench \(op): \(error)\n".utf8)) }
        }
        guard let key = Ed25519KeyPair(seed: seed.bytes(32)) else { return 1 }
        let session: HomeserverSession
        do {
            session = try client.signUpThroughHomegate(keyPair: key).value
        } catch {
            report(error)
            return 1
        }
        let profile = PaykitProfile(displayName: "Bench \(worker)")
        let call: () throws -> Void
        switch op {
        case "signin": call = { _ = try client.signIn(keyPair: key) }
        case "resolve":
            call = {
                guard case .found = try client.resolve(key.pubky).value else {
                    throw BenchFailure(description: "\(key.pubky) did not resolve")
                }
            }
        case "profile":
            call = {
                _ = try client.putProfile(profile, session: session, namespace: "staging.bitkit.to")
                _ = try client.profile(of: key.pubky, namespace: "staging.bitkit.to")
            }
        default:
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            return 2
        }
        let started = Date()
        var calls = 0
        while Date().timeIntervalSince(started) < seconds {
            do { try call() } catch { report(error) }
            calls += 1
        }
        let result = Result(
            op: op, worker: worker, calls: calls, seconds: Date().timeIntervalSince(started), errors: errors)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        if let line = try? encoder.encode(result) {
            FileHandle.standardOutput.write(line + Data("\n".utf8))
        }
        return errors == 0 ? 0 : 1
    }

    struct BenchFailure: Error, CustomStringConvertible {
        let description: String
    }
}
