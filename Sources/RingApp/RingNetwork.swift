import AppNetwork
import Backend
import Device
import Foundation
import PubkyCrypto

/// Ring's side of the outside world: a `BackendClient` opened on first use, with the app's
/// connectivity, the device clock, the world's seeded randomness and every request journaled. It adds
/// up the simulated time the action spent on the network.
final class RingNetwork {
    private let environment: AppEnvironment
    private var opened: BackendClient?
    /// Simulated seconds spent on requests during this process.
    private(set) var elapsed: TimeInterval = 0

    init(environment: AppEnvironment) { self.environment = environment }

    /// Whether the device gives Ring a network connection right now.
    var isOnline: Bool { (try? environment.device.read().isOnline(.ring)) ?? true }

    /// Runs one client call and accounts for its latency.
    func call<T>(_ body: (BackendClient) throws(BackendError) -> BackendReply<T>) throws(BackendError) -> T {
        let client = self.client()
        client.online = isOnline
        let reply = try body(client)
        elapsed += reply.latency
        return reply.value
    }

    /// The homeserver of `pubky`'s `_pubky` record, or `''` on any error or when there is none.
    func resolveHomeserver(_ pubky: String) -> String {
        let resolution = try? call { client throws(BackendError) in try client.resolve(pubky) }
        return resolution?.record?.homeserver ?? ""
    }

    /// The world action "issue a signup token for a homeserver" (not a network call of the app).
    func issueSignupToken(homeserver: String) throws(BackendError) -> String {
        var random = SeededRandom(seed: environment.drawSeed())
        return try client().store().issueSignupToken(
            homeserver: homeserver, issuer: "simctl", random: &random, now: environment.deviceTime())
    }

    private func client() -> BackendClient {
        if let opened { return opened }
        let client = environment.backendClient(online: isOnline)
        opened = client
        return client
    }
}
