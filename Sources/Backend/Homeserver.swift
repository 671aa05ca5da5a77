import Foundation
import PubkyCrypto
import PubkyProtocol

/// The server side of one homeserver (spec/04 §7). Every handler runs in one database transaction and
/// answers like the real server: the HTTP status and text of spec/04, or no connection when it is down.
struct Homeserver {
    let exchange: Exchange
    /// The homeserver's bare key.
    let key: String

    var database: Database { exchange.database }
    var now: Int64 { exchange.nowMicroseconds }

    // MARK: Accounts and sessions

    /// `POST /signup?signup_token=…` with an AuthToken. Checks in the real order: token, existing user,
    /// then the signup token — unless `tokenWaived` (the world's seeding, which uses none). Success
    /// creates the account and a session.
    func signUp(
        authToken: [UInt8], signupToken: String?, tokenWaived: Bool = false
    ) throws -> Answer<HomeserverSession> {
        try serve { settings in
            try database.transaction(.immediate) {
                let token = try verify(authToken, expectedUser: nil)
                let user = token.publicKey.z32
                if try accountExists(user) { throw http(409, "User already exists") }
                if settings.signupMode == .tokenRequired, !tokenWaived {
                    try redeem(signupToken, by: user)
                }
                try database.run(
                    "INSERT INTO accounts(homeserver, pubky, created_at, signup_token, created_by) "
                        + "VALUES(?1, ?2, ?3, ?4, ?5)",
                    [.text(key), .text(user), .integer(now), SQLValue(signupToken), .text(exchange.app)])
                return try createSession(for: user, capabilities: token.capabilitiesText)
            }
        }
    }

    /// `POST /session` at `_pubky.<expectedUser>` with an AuthToken: a new session with the token's
    /// capabilities. Unknown user → 404.
    func signIn(authToken: [UInt8], expectedUser: String?) throws -> Answer<HomeserverSession> {
        try serve { _ in
            try database.transaction(.immediate) {
                let token = try verify(authToken, expectedUser: expectedUser)
                let user = token.publicKey.z32
                guard try accountExists(user) else { throw http(404, "User not found") }
                return try createSession(for: user, capabilities: token.capabilitiesText)
            }
        }
    }

    /// `GET /session` with the cookie: the session, or 404 when it is gone.
    func session(user: String, secret: String) throws -> Answer<HomeserverSession> {
        try serve { _ in
            try database.transaction(.deferred) {
                guard let session = try loadSession(user: user, secret: secret) else {
                    throw http(404, "Session not found")
                }
                return session
            }
        }
    }

    /// `DELETE /session`: signs out.
    func signOut(user: String, secret: String) throws -> Answer<Void> {
        try serve { _ in
            try database.transaction(.immediate) {
                let removed = try database.run(
                    "DELETE FROM sessions WHERE secret = ?1 AND homeserver = ?2 AND pubky = ?3",
                    [.text(secret), .text(key), .text(user)])
                if removed == 0 { throw http(401, "Missing or invalid session") }
            }
        }
    }

    // MARK: Helpers

    /// Runs a handler as this homeserver: unknown or down → no connection; `read` requests fail with
    /// HTTP 500 under the storage-read fault; BackendErrors become error answers. A read of `user`'s
    /// data answers after that user's read-latency knob, when one is set.
    func serve<T>(
        read: Bool = false, user: String? = nil, _ body: (HomeserverSettings) throws -> T
    ) throws
        -> Answer<T>
    {
        guard !exchange.knobs.homeserversDown.contains(key),
            let settings = try HomeserverSettings.load(database, pubky: key)
        else {
            return .fail(.unreachable(service: .homeserver, host: key), after: ServiceLatency.refused)
        }
        let knob = read ? user.flatMap { exchange.knobs.readLatencies[$0] } : nil
        let latency = knob ?? ServiceLatency.homeserver
        if read, exchange.knobs.storageReadFaults.contains(key) {
            return .fail(http(500, "Internal Server Error"), after: latency)
        }
        do {
            return .ok(try body(settings), after: latency)
        } catch let error as BackendError {
            return .fail(error, after: latency)
        }
    }

    func http(_ status: Int, _ reason: String) -> BackendError {
        .http(service: .homeserver, host: key, status: status, reason: reason)
    }

    /// Decodes and verifies an AuthToken (window, signature, replay); every failure is a 400.
    private func verify(_ bytes: [UInt8], expectedUser: String?) throws -> AuthToken {
        let token: AuthToken
        do { token = try AuthToken(bytes: bytes) } catch { throw http(400, Self.reason(error)) }
        if let expectedUser, token.publicKey.z32 != expectedUser {
            throw http(400, "AuthToken signed by another key")
        }
        var storageFailure: (any Error)?
        do {
            try token.verify(now: UInt64(max(0, now))) { timestamp, publicKey in
                do {
                    return try recordUse(timestamp: timestamp, user: ZBase32.encode(publicKey))
                } catch {
                    storageFailure = error
                    return true
                }
            }
        } catch {
            if let storageFailure { throw storageFailure }
            throw http(400, Self.reason(error))
        }
        return token
    }

    /// Remembers a (timestamp, key) pair; true when it was already used. Pairs older than the window
    /// can never verify again, so they are dropped.
    private func recordUse(timestamp: UInt64, user: String) throws -> Bool {
        let window = Int64(AuthToken.maxAgeMicroseconds)
        try database.run(
            "DELETE FROM used_auth_tokens WHERE homeserver = ?1 AND pubky = ?2 AND timestamp < ?3",
            [.text(key), .text(user), .integer(now - window)])
        let inserted = try database.run(
            "INSERT OR IGNORE INTO used_auth_tokens(homeserver, pubky, timestamp) VALUES(?1, ?2, ?3)",
            [.text(key), .text(user), .integer(Int64(clamping: timestamp))])
        return inserted == 0
    }

    private static func reason(_ error: AuthTokenError) -> String {
        switch error {
        case .tooShort(let count): return "Invalid AuthToken: \(count) bytes is too short"
        case .badNamespace: return "Invalid AuthToken: missing PUBKY:AUTH namespace"
        case .unsupportedVersion(let version): return "Unknown AuthToken version \(version)"
        case .badCapabilitiesLength, .badCapabilitiesEncoding:
            return "Invalid AuthToken: malformed capabilities"
        case .badSignature: return "Invalid AuthToken signature"
        case .expired: return "AuthToken has a timestamp that is more than 180 seconds in the past"
        case .tooFarInFuture:
            return "AuthToken has a timestamp that is more than 180 seconds in the future"
        case .alreadyUsed: return "AuthToken already used"
        }
    }

    private func redeem(_ signupToken: String?, by user: String) throws {
        guard let signupToken, !signupToken.isEmpty else { throw http(400, "Token required") }
        guard (try? SignupToken(signupToken)) != nil else { throw http(400, "Invalid token format") }
        let used = try database.queryFirst(
            "SELECT used_by IS NOT NULL FROM signup_tokens WHERE token = ?1 AND homeserver = ?2",
            [.text(signupToken), .text(key)]
        ) { $0.bool(0) }
        guard let used else { throw http(401, "Invalid token") }
        guard !used else { throw http(401, "Token already used") }
        try database.run(
            "UPDATE signup_tokens SET used_by = ?2, used_at = ?3 WHERE token = ?1",
            [.text(signupToken), .text(user), .integer(now)])
    }

    private func accountExists(_ user: String) throws -> Bool {
        try database.queryFirst(
            "SELECT 1 FROM accounts WHERE homeserver = ?1 AND pubky = ?2", [.text(key), .text(user)]
        ) { _ in true } ?? false
    }

    /// Stores a session under a fresh secret; a secret that already exists (processes seeded alike) is
    /// redrawn.
    private func createSession(for user: String, capabilities: String) throws -> HomeserverSession {
        let secret = try Unique.draw(attempts: 64) {
            let secret = SessionSecret.random(using: &exchange.random).text
            let inserted = try database.run(
                "INSERT OR IGNORE INTO sessions(secret, homeserver, pubky, capabilities, user_agent, created_at) "
                    + "VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
                [
                    .text(secret), .text(key), .text(user), .text(capabilities), .text(exchange.app),
                    .integer(now),
                ])
            return inserted == 1 ? secret : nil
        }
        return HomeserverSession(
            pubky: user, homeserver: key, secret: secret, capabilities: capabilities,
            createdAt: Date(microseconds: now))
    }

    func loadSession(user: String, secret: String) throws -> HomeserverSession? {
        try database.queryFirst(
            "SELECT capabilities, created_at FROM sessions WHERE secret = ?1 AND homeserver = ?2 AND pubky = ?3",
            [.text(secret), .text(key), .text(user)]
        ) {
            HomeserverSession(
                pubky: user, homeserver: key, secret: secret, capabilities: $0.text(0),
                createdAt: Date(microseconds: $0.int64(1)))
        }
    }

    /// 401 without a valid session, 403 when its capabilities do not cover writing `path`.
    func authorize(user: String, secret: String, path: String) throws {
        guard let session = try loadSession(user: user, secret: secret) else {
            throw http(401, "Missing or invalid session")
        }
        guard Capabilities(parsing: session.capabilities).covers(path: path, action: .write) else {
            throw http(403, "Forbidden: the session has no write access to \(path)")
        }
    }

    func setUsage(user: String, bytes: Int) throws {
        try database.run(
            "UPDATE accounts SET used_bytes = ?3 WHERE homeserver = ?1 AND pubky = ?2",
            [.text(key), .text(user), .int(bytes)])
    }
}
