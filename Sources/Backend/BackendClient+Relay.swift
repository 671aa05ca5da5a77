import Foundation
import PubkyCrypto
import PubkyProtocol

extension BackendClient {
    /// The capabilities a requester asks for by default.
    public static let defaultRequestCapabilities = "/pub/example.app/:rw"

    /// Approves a `pubkyauth://signin` or `signup` link with `keyPair` (spec/04 §6): signs an AuthToken
    /// for the link's normalised capabilities, encrypts it with the link's secret under a fresh nonce
    /// and posts it to the link's relay channel. Signing up first (for signup links) is the caller's step.
    public func approveAuthRequest(
        link: String, keyPair: Ed25519KeyPair
    ) throws(BackendError)
        -> BackendReply<AuthApproval>
    {
        let parsed: AuthLink
        do { parsed = try AuthLink(parsing: link) } catch {
            throw .invalidInput("not a pubkyauth link (\(error))")
        }
        let capabilities: Capabilities
        let relay: String
        let secret: [UInt8]
        switch parsed.request {
        case .signin(let caps, let linkRelay, let linkSecret),
            .signup(let caps, let linkRelay, let linkSecret, _, _):
            (capabilities, relay, secret) = (caps, linkRelay, linkSecret)
        case .directSignup, .secretExport:
            throw .invalidInput("a \(parsed.request.intent) link has no relay channel to approve")
        }
        return try call(.httpRelay, "POST channel", subject: keyPair.pubky) { exchange in
            let token = AuthToken.sign(
                keyPair: keyPair, capabilities: capabilities,
                timestamp: try exchange.tokenTimestamp(for: keyPair.pubky))
            let body = try RelayChannel.seal(token.bytes, secret: secret, random: &exchange.random)
            let channel = try RelayChannel.url(relay: relay, secret: secret)
            try exchange.request(
                .httpRelay, "POST \(Self.channelID(channel))", host: relay, subject: keyPair.pubky
            ) {
                try HTTPRelay(exchange: exchange, host: relay).post(channel: channel, body: body)
            }
            return AuthApproval(
                pubky: keyPair.pubky, capabilities: token.capabilitiesText, channel: channel)
        }
    }

    /// Requester API: mints a real `pubkyauth://` link with a fresh 32-byte secret and remembers it so
    /// any process can poll it. The link carries `capabilities` as written; an approver signs only
    /// its well-formed entries. With `signupHomeserver` the link is a signup link carrying that
    /// homeserver and a fresh signup token valid on it.
    public func createAuthRequest(
        capabilities: String = defaultRequestCapabilities, relay: String = AuthLink.defaultRelay,
        signupHomeserver: String? = nil
    ) throws(BackendError) -> BackendReply<AuthRequestTicket> {
        let caps = Capabilities(parsing: capabilities)
        guard !caps.entries.isEmpty else {
            throw .invalidInput("\(capabilities) holds no valid capability")
        }
        let homeserverKey: PublicKey?
        if let signupHomeserver {
            guard let key = PublicKey(z32: signupHomeserver) else {
                throw .invalidInput("\(signupHomeserver) is not a valid homeserver key")
            }
            homeserverKey = key
        } else {
            homeserverKey = nil
        }
        return try call(.httpRelay, "create request") { exchange in
            let database = exchange.database
            return try database.transaction(.immediate) {
                let token = try homeserverKey.map { key in
                    guard try HomeserverSettings.load(database, pubky: key.z32) != nil else {
                        throw BackendError.invalidInput("homeserver \(key.z32) is not part of this world")
                    }
                    return try SignupTokens.issue(
                        homeserver: key.z32, issuer: exchange.app, database, now: exchange.nowMicroseconds,
                        random: &exchange.random)
                }
                return try Unique.draw(attempts: 64) { () -> AuthRequestTicket? in
                    let secret = exchange.random.bytes(32)
                    let request: AuthRequest =
                        homeserverKey.map {
                            .signup(
                                capabilities: caps, relay: relay, secret: secret, homeserver: $0, token: token)
                        } ?? .signin(capabilities: caps, relay: relay, secret: secret)
                    let ticket = AuthRequestTicket(
                        link: AuthLink(request).string(capabilitiesAsWritten: capabilities),
                        channel: try RelayChannel.url(relay: relay, secret: secret),
                        capabilities: caps.description, relay: relay, intent: request.intent,
                        homeserver: homeserverKey?.z32, signupToken: token, createdAt: exchange.now)
                    let inserted = try database.run(
                        "INSERT OR IGNORE INTO auth_requests(channel, link, secret, capabilities, relay, intent, "
                            + "homeserver, signup_token, created_at, created_by) "
                            + "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                        [
                            .text(ticket.channel), .text(ticket.link), .blob(secret), .text(ticket.capabilities),
                            .text(relay), .text(ticket.intent), SQLValue(ticket.homeserver), SQLValue(token),
                            .integer(exchange.nowMicroseconds), .text(exchange.app),
                        ])
                    return inserted == 1 ? ticket : nil
                }
            }
        }
    }

    /// Requester API: polls the request's relay channel (`request` = its channel URL or its link).
    /// A message is decrypted with the request's secret and its AuthToken verified (signature and
    /// ±180 s window); the approving pubky is remembered once seen.
    public func authRequestStatus(
        _ request: String
    ) throws(BackendError) -> BackendReply<
        AuthRequestStatus
    > {
        let channel = try Self.channel(of: request)
        return try call(.httpRelay, "GET \(Self.channelID(channel))") { exchange in
            let pending = try PendingRequest.load(channel: channel, exchange.database)
            if let approved = pending.status { return approved }
            let attempt = try exchange.attempt(
                .httpRelay, "GET \(Self.channelID(channel))", host: pending.relay, subject: nil,
                timeout: exchange.timeouts.request
            ) { try HTTPRelay(exchange: exchange, host: pending.relay).get(channel: channel) }
            exchange.spend(attempt.latency)
            let body: [UInt8]
            switch attempt.result {
            case .success(let message): body = message
            case .failure(let error) where error.status == 408: return AuthRequestStatus(state: .pending)
            case .failure(let error): throw error
            }
            let token: AuthToken
            do {
                token = try AuthToken(bytes: RelayChannel.open(body, secret: pending.secret))
                try token.verify(now: UInt64(max(0, exchange.nowMicroseconds))) { _, _ in false }
            } catch {
                return AuthRequestStatus(state: .invalid, reason: "the relay message is unusable: \(error)")
            }
            try pending.approve(with: token, exchange.database)
            return AuthRequestStatus(
                state: .approved, pubky: token.publicKey.z32, capabilities: token.capabilitiesText,
                approvedAt: Date(microseconds: Int64(clamping: token.timestamp)))
        }
    }

    /// Requester API: presents the approved request's AuthToken to the approving user's homeserver
    /// (`POST /session`; the link's homeserver for signup links) and returns a session with exactly
    /// the granted capabilities.
    public func signInWithAuthRequest(
        _ request: String
    ) throws(BackendError) -> BackendReply<
        HomeserverSession
    > {
        let channel = try Self.channel(of: request)
        return try call(.homeserver, "POST /session") { exchange in
            let pending = try PendingRequest.load(channel: channel, exchange.database)
            guard let token = pending.token, let signer = try? AuthToken(bytes: token) else {
                throw BackendError.invalidInput("the auth request has not been approved yet")
            }
            let user = signer.publicKey
            let homeserver = try pending.homeserver ?? self.homeserver(of: user, exchange)
            return try exchange.request(.homeserver, "POST /session", host: homeserver, subject: user.z32) {
                try Homeserver(exchange: exchange, key: homeserver).signIn(
                    authToken: token, expectedUser: user.z32)
            }
        }
    }

    /// The channel URL of a request given as its channel URL or its link.
    private static func channel(of request: String) throws(BackendError) -> String {
        guard
            request.lowercased().hasPrefix("pubkyauth:") || request.lowercased().hasPrefix("pubkyring:")
        else {
            return request
        }
        let link: AuthLink
        do { link = try AuthLink(parsing: request) } catch {
            throw .invalidInput("not a pubkyauth link (\(error))")
        }
        switch link.request {
        case .signin(_, let relay, let secret), .signup(_, let relay, let secret, _, _):
            do { return try RelayChannel.url(relay: relay, secret: secret) } catch {
                throw .invalidInput("the link's secret is unusable (\(error))")
            }
        case .directSignup, .secretExport:
            throw .invalidInput("a \(link.request.intent) link has no relay channel")
        }
    }

    /// The last path component of a channel URL, for journal lines.
    static func channelID(_ channel: String) -> String {
        channel.split(separator: "/").last.map(String.init) ?? channel
    }
}

/// A stored requester-side request.
private struct PendingRequest {
    let channel: String
    let secret: [UInt8]
    let relay: String
    let homeserver: String?
    let token: [UInt8]?
    let approvedBy: String?
    let approvedCapabilities: String?
    let approvedAt: Int64?

    static func load(channel: String, _ database: Database) throws -> PendingRequest {
        let row = try database.queryFirst(
            "SELECT secret, relay, homeserver, token, approved_by, approved_capabilities, approved_at "
                + "FROM auth_requests WHERE channel = ?1", [.text(channel)]
        ) { row in
            PendingRequest(
                channel: channel, secret: row.blob(0), relay: row.text(1), homeserver: row.optionalText(2),
                token: row.isNull(3) ? nil : row.blob(3), approvedBy: row.optionalText(4),
                approvedCapabilities: row.optionalText(5), approvedAt: row.optionalInt64(6))
        }
        guard let row else {
            throw BackendError.invalidInput("no auth request was created for the channel \(channel)")
        }
        return row
    }

    /// The remembered approval, if the token was already seen.
    var status: AuthRequestStatus? {
        guard let approvedBy else { return nil }
        return AuthRequestStatus(
            state: .approved, pubky: approvedBy, capabilities: approvedCapabilities,
            approvedAt: approvedAt.map(Date.init(microseconds:)))
    }

    func approve(with token: AuthToken, _ database: Database) throws {
        try database.run(
            "UPDATE auth_requests SET approved_by = ?2, approved_capabilities = ?3, approved_at = ?4, token = ?5 "
                + "WHERE channel = ?1",
            [
                .text(channel), .text(token.publicKey.z32), .text(token.capabilitiesText),
                .integer(Int64(clamping: token.timestamp)), .blob(token.bytes),
            ])
    }
}
