import AppNetwork
import Backend
import Foundation
import PubkyCrypto
import SimCLI
import WorldFiles

/// simctl's own handle on the backend: the world's database, the device clock, the world's random
/// sequence, and one journal line per simulated request.
enum BackendAccess {
    static func client(_ invocation: Invocation) throws -> BackendClient {
        let world = invocation.world
        try world.requireExists()
        return invocation.environment(.bitkit).backendClient(
            clientID: "simctl", journalApp: "simctl", online: true)
    }

    static func store(_ invocation: Invocation) throws -> BackendStore {
        try invocation.world.requireExists()
        return try run { () throws(BackendError) in try Backend.open(at: invocation.world.backendDatabase.path) }
    }

    /// Runs a backend call, turning a broken database into `WorldError` (exit 3) and any other
    /// backend error into a one-sentence failure.
    @discardableResult
    static func run<T>(_ body: () throws(BackendError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            if error.isBrokenWorld {
                throw WorldError.backend(error.description)
            }
            throw CLIError.failure(error.description)
        }
    }

    /// A homeserver named `staging`, `production`, or given by its key.
    static func homeserver(_ text: String, store: BackendStore) throws -> String {
        switch text {
        case "staging": return KnownHomeservers.staging
        case "production": return KnownHomeservers.production
        default:
            let known = try run { () throws(BackendError) in try store.homeservers() }
            if let match = known.first(where: { $0.name == text || $0.pubky == text }) { return match.pubky }
            throw CLIError.usage(
                "Unknown homeserver '\(text)': use staging, production, a name from `simctl backend show accounts`, or a key."
            )
        }
    }
}
