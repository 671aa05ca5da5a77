import Foundation
import PubkyCrypto
import PubkyProtocol

extension BackendClient {
    /// The default Homegate host, used in journal events.
    public static let homegateHost = "homegate.staging.pubky.app"

    /// `POST /ip_verification` (spec/02 §13.3): a fresh signup code and the homeserver it is valid on.
    /// A non-200 status is `.http` with reason `Homegate returned status <n>`; status knob 0 (no HTTP
    /// response) is `.unreachable` — Bitkit shows it as status 0.
    public func homegateSignupCode(
        host: String = homegateHost
    ) throws(BackendError) -> BackendReply<
        HomegateGrant
    > {
        try call(.homegate, "POST /ip_verification") { exchange in
            try exchange.request(.homegate, "POST /ip_verification", host: host, subject: nil) {
                try Homegate(exchange: exchange, host: host).ipVerification()
            }
        }
    }

    /// Signs `keyPair` up on `homeserver` with `signupToken` (spec/04 §7), then force-publishes the
    /// user's `_pubky` record pointing there. Returns the new session.
    public func signUp(
        keyPair: Ed25519KeyPair, homeserver: String, signupToken: String?
    )
        throws(BackendError)
        -> BackendReply<HomeserverSession>
    {
        try call(.homeserver, "POST /signup", subject: keyPair.pubky) { exchange in
            try signUp(keyPair: keyPair, homeserver: homeserver, signupToken: signupToken, exchange)
        }
    }

    /// Homegate sign-up (spec/02 §13.3): asks Homegate for a code, then signs up on its homeserver.
    public func signUpThroughHomegate(
        keyPair: Ed25519KeyPair, host: String = homegateHost
    )
        throws(BackendError)
        -> BackendReply<HomeserverSession>
    {
        try call(.homegate, "POST /ip_verification", subject: keyPair.pubky) { exchange in
            let grant = try exchange.request(
                .homegate, "POST /ip_verification", host: host, subject: keyPair.pubky
            ) {
                try Homegate(exchange: exchange, host: host).ipVerification()
            }
            return try signUp(
                keyPair: keyPair, homeserver: grant.homeserverPubky, signupToken: grant.signupCode, exchange
            )
        }
    }

    /// Signs `keyPair` up on `homeserver` without a signup token and publishes its `_pubky` record
    /// there: the world's seeding (`simctl backend seed-follows`, spec/09 §1.4), not an app's request,
    /// so no token is issued or used. An existing account is refused with 409 as any sign-up is.
    public func seedAccount(
        keyPair: Ed25519KeyPair, homeserver: String
    ) throws(BackendError) -> BackendReply<HomeserverSession> {
        try call(.homeserver, "POST /signup", subject: keyPair.pubky) { exchange in
            try signUp(keyPair: keyPair, homeserver: homeserver, signupToken: nil, tokenWaived: true, exchange)
        }
    }

    /// Presents raw AuthToken bytes to `POST /signup` on `homeserver` (no record is published: the
    /// caller holds no key). For tests of the homeserver's token rules and for signup links.
    public func signUp(
        authToken: [UInt8], homeserver: String, signupToken: String?
    )
        throws(BackendError)
        -> BackendReply<HomeserverSession>
    {
        try call(.homeserver, "POST /signup") { exchange in
            try exchange.request(.homeserver, "POST /signup", host: homeserver, subject: nil) {
                try Homeserver(exchange: exchange, key: homeserver).signUp(
                    authToken: authToken, signupToken: signupToken)
            }
        }
    }

    /// Signs in with the key (spec/04 §7): resolves the user's homeserver through PKARR, presents a
    /// fresh root AuthToken to `POST /session`, then re-publishes the record if it is older than an hour.
    public func signIn(
        keyPair: Ed25519KeyPair
    ) throws(BackendError) -> BackendReply<
        HomeserverSession
    > {
        try call(.homeserver, "POST /session", subject: keyPair.pubky) { exchange in
            let key = PublicKey(keyPair)
            let packet = try homeserverPacket(of: key, exchange)
            guard let homeserver = packet.homeserverTarget else {
                throw BackendError.noHomeserver(pubky: key.z32)
            }
            let token = AuthToken.sign(
                keyPair: keyPair, capabilities: .root,
                timestamp: try exchange.tokenTimestamp(for: keyPair.pubky))
            let session = try exchange.request(
                .homeserver, "POST /session", host: homeserver, subject: key.z32
            ) {
                try Homeserver(exchange: exchange, key: homeserver).signIn(
                    authToken: token.bytes, expectedUser: key.z32)
            }
            let hour: UInt64 = 3_600_000_000
            if packet.timestamp + hour < UInt64(max(0, exchange.nowMicroseconds)),
                let target = packet.homeserver
            {
                // The real client re-publishes in the background; a failure is only logged.
                let fresh = try packet.republished(
                    homeserver: target, keyPair: keyPair, timestamp: UInt64(exchange.nowMicroseconds))
                _ = try? publish(fresh, exchange)
            }
            return session
        }
    }

    /// Presents raw AuthToken bytes to `POST /session` at the homeserver of `user` (default: the
    /// token's own key) — what a requester does with a token received over the relay. `user` different
    /// from the signer is refused with 400 `AuthToken signed by another key`.
    public func signIn(
        authToken: [UInt8], as user: String? = nil
    ) throws(BackendError)
        -> BackendReply<HomeserverSession>
    {
        try call(.homeserver, "POST /session", subject: user) { exchange in
            guard let target = user ?? (try? AuthToken(bytes: authToken))?.publicKey.z32 else {
                throw BackendError.invalidInput("the AuthToken cannot be decoded, so its signer is unknown")
            }
            guard let key = PublicKey(z32: target) else {
                throw BackendError.invalidInput("\(target) is not a valid z-base-32 public key")
            }
            let homeserver = try homeserver(of: key, exchange)
            return try exchange.request(.homeserver, "POST /session", host: homeserver, subject: key.z32) {
                try Homeserver(exchange: exchange, key: homeserver).signIn(
                    authToken: authToken, expectedUser: key.z32)
            }
        }
    }

    /// Imports an exported session `<z32>:<secret>` and revalidates it with `GET /session` on the
    /// user's homeserver (404 = the session is gone).
    public func importSession(
        _ exported: String
    ) throws(BackendError) -> BackendReply<
        HomeserverSession
    > {
        let parsed: ExportedSession
        do { parsed = try ExportedSession(parsing: exported) } catch {
            throw .invalidInput("not a session string <pubky>:<secret> (\(error))")
        }
        return try call(.homeserver, "GET /session", subject: parsed.user.z32) { exchange in
            let homeserver = try homeserver(of: parsed.user, exchange)
            return try exchange.request(
                .homeserver, "GET /session", host: homeserver, subject: parsed.user.z32
            ) {
                try Homeserver(exchange: exchange, key: homeserver).session(
                    user: parsed.user.z32, secret: parsed.secret)
            }
        }
    }

    /// `DELETE /session`: ends the session on its homeserver.
    public func signOut(_ session: HomeserverSession) throws(BackendError) -> BackendReply<Void> {
        try call(.homeserver, "DELETE /session", subject: session.pubky) { exchange in
            try exchange.request(
                .homeserver, "DELETE /session", host: session.homeserver, subject: session.pubky
            ) {
                try Homeserver(exchange: exchange, key: session.homeserver).signOut(
                    user: session.pubky, secret: session.secret)
            }
        }
    }

    // MARK: Shared steps

    func signUp(
        keyPair: Ed25519KeyPair, homeserver: String, signupToken: String?, tokenWaived: Bool = false,
        _ exchange: Exchange
    ) throws
        -> HomeserverSession
    {
        guard let homeserverKey = PublicKey(z32: homeserver) else {
            throw BackendError.invalidInput("\(homeserver) is not a valid homeserver key")
        }
        let token = AuthToken.sign(
            keyPair: keyPair, capabilities: .root,
            timestamp: try exchange.tokenTimestamp(for: keyPair.pubky))
        let session = try exchange.request(
            .homeserver, "POST /signup", host: homeserver, subject: keyPair.pubky
        ) {
            try Homeserver(exchange: exchange, key: homeserver).signUp(
                authToken: token.bytes, signupToken: signupToken, tokenWaived: tokenWaived)
        }
        // Force-publish: the newest known packet keeps its other records, `_pubky` now points here.
        let existing = try PkarrNetwork(exchange: exchange).newestStored(PublicKey(keyPair))
        let timestamp = UInt64(max(0, exchange.nowMicroseconds))
        let packet =
            try existing?.republished(homeserver: homeserverKey, keyPair: keyPair, timestamp: timestamp)
            ?? PkarrPacket.pubky(keyPair: keyPair, homeserver: homeserverKey, timestamp: timestamp)
        try publish(packet, exchange)
        return session
    }

    /// The user's resolved packet: not found → `noHomeserver`, no conclusion → `resolutionFailed`.
    func homeserverPacket(of key: PublicKey, _ exchange: Exchange) throws -> PkarrPacket {
        switch try resolve(key, exchange) {
        case .found(let packet): return packet
        case .notFound: throw BackendError.noHomeserver(pubky: key.z32)
        case .unknown: throw BackendError.resolutionFailed(pubky: key.z32)
        }
    }

    /// The bare key of the user's homeserver, from their `_pubky` record.
    func homeserver(of key: PublicKey, _ exchange: Exchange) throws -> String {
        guard let target = try homeserverPacket(of: key, exchange).homeserverTarget else {
            throw BackendError.noHomeserver(pubky: key.z32)
        }
        return target
    }
}
