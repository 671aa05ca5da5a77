import Backend
import Foundation
import PubkyCrypto
import SimCLI
import WorldFiles

/// The world's Paykit issuer (spec/06 §3 "issuer I"): its key, remembered in `.sim/issuer.json` by
/// `simctl issuer setup`, and its homeserver session, made on demand (signing it up with an issued
/// token when it has no account yet).
struct IssuerIdentity {
    struct Saved: Codable {
        var secret: String
        var homeserver: String
    }

    let keyPair: Ed25519KeyPair
    let homeserver: String

    static func file(_ world: World) -> URL {
        world.simFolder.appendingPathComponent("issuer.json", isDirectory: false)
    }

    /// The issuer given by `--secret`, else the one `issuer setup` saved.
    static func resolve(secret: String?, homeserver: String?, _ invocation: Invocation) throws -> IssuerIdentity {
        let saved = try load(invocation.world)
        guard let hex = secret ?? saved?.secret else {
            throw CLIError.usage("No issuer yet: pass --secret HEX or run `simctl issuer setup --secret HEX` first.")
        }
        guard let pair = Ed25519KeyPair(secretHex: hex) else {
            throw CLIError.usage("--secret must be the issuer's 64 lowercase hex secret.")
        }
        let store = try BackendAccess.store(invocation)
        let name = homeserver ?? (saved?.secret == hex ? saved?.homeserver : nil) ?? "staging"
        return IssuerIdentity(keyPair: pair, homeserver: try BackendAccess.homeserver(name, store: store))
    }

    static func load(_ world: World) throws -> Saved? {
        guard let bytes = try InputLimit.issuerIdentity.readWorldFile(file(world).path) else { return nil }
        do {
            return try JSONDecoder().decode(Saved.self, from: Data(bytes))
        } catch {
            throw WorldError.corrupt(path: file(world).path, reason: "\(error)")
        }
    }

    func save(_ world: World) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try encoder.encode(Saved(secret: keyPair.secretHex, homeserver: homeserver)).write(
                to: Self.file(world), options: .atomic)
        } catch {
            throw WorldError.io(path: Self.file(world).path, reason: UserFile.reason(error))
        }
    }

    /// A live session: sign-in, or — when the key has no record or account yet — a sign-up on the
    /// issuer's homeserver with a freshly issued token.
    func session(_ invocation: Invocation, client: BackendClient) throws -> (HomeserverSession, signedUp: Bool) {
        let error: BackendError
        do {
            return (try client.signIn(keyPair: keyPair).value, false)
        } catch let failure {
            error = failure
        }
        var missing = error.isNotFound
        if case .noHomeserver = error { missing = true }
        guard missing else { throw CLIError.failure("The issuer could not sign in: \(error).") }
        let environment = invocation.environment(.bitkit)
        var random = SeededRandom(seed: try environment.nextRandomSeed())
        let store = try BackendAccess.store(invocation)
        let now = try environment.now()
        let token = try BackendAccess.run { () throws(BackendError) in
            try store.issueSignupToken(homeserver: homeserver, issuer: "simctl", random: &random, now: now)
        }
        let session = try BackendAccess.run { () throws(BackendError) in
            try client.signUp(keyPair: keyPair, homeserver: homeserver, signupToken: token).value
        }
        return (session, true)
    }
}
