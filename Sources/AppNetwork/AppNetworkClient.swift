import Backend
import Device
import Foundation

/// An app's one client of the outside world for one action: the backend client opened on first
/// use, the app's connectivity read at every call (an unreadable device file fails the run and
/// means offline meanwhile), and the simulated time its calls took added up.
public final class AppNetworkClient {
    private let environment: AppEnvironment
    private var opened: BackendClient?
    /// Simulated seconds the action's calls took.
    public private(set) var elapsed: TimeInterval = 0

    public init(environment: AppEnvironment) { self.environment = environment }

    /// Whether the device gives the app a connection now.
    public var isOnline: Bool { environment.isOnline }

    /// Runs one client call with the connectivity of this moment and counts its latency.
    public func call<T>(_ body: (BackendClient) throws(BackendError) -> BackendReply<T>) throws(BackendError) -> T {
        let client = self.client()
        client.online = isOnline
        let reply = try body(client)
        elapsed += reply.latency
        return reply.value
    }

    /// The world's backend store itself, for world actions that are not network calls of the app
    /// (a signup token the simulator issues for QA).
    public func store() throws(BackendError) -> BackendStore { try client().store() }

    /// Opens the backend client now rather than at the first call (it draws its random seed when
    /// it opens, so when it opens is part of a replay).
    public func open() { _ = client() }

    private func client() -> BackendClient {
        if let opened { return opened }
        let client = environment.backendClient(online: isOnline)
        opened = client
        return client
    }
}
