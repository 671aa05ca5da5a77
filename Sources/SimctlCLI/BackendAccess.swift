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

    /// `pubky`'s live session that may write under `/pub/pubky.app/` (the one its sign-up or sign-in
    /// made), to write as another app would. No account, or no such session: a usage error naming
    /// what to do, `writing` saying what the session was wanted for.
    static func liveSession(of pubky: String, store: BackendStore, writing: String) throws -> HomeserverSession {
        let accounts = try run { () throws(BackendError) in try store.accounts() }
        guard accounts.accounts.contains(where: { $0.pubky == pubky }) else {
            throw CLIError.usage(
                "\(pubky) has no account on any homeserver: sign it up first (e.g. `ring-sim signup`).")
        }
        let sessions = try run { () throws(BackendError) in try store.sessions(pubky: pubky) }
        guard
            let live = sessions.first(where: {
                $0.capabilities.contains("/:rw") || $0.capabilities.contains("/pub/pubky.app/:rw")
            }),
            let secret = live.cookie.split(separator: "=").last
        else {
            throw CLIError.usage(
                "\(pubky) has an account but no live session that may write \(writing): sign in first.")
        }
        return HomeserverSession(
            pubky: pubky, homeserver: live.homeserver, secret: String(secret), capabilities: live.capabilities,
            createdAt: live.createdAt)
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
