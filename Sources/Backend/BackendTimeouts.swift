import Foundation

/// The client's timeouts (spec/04 §1, §9.3). A request whose simulated latency exceeds its timeout is
/// a timeout for the client, whatever the service would eventually have answered.
public struct BackendTimeouts: Sendable, Equatable {
    /// Per-backend PKARR resolve timeout (DHT and each relay).
    public var resolve: TimeInterval
    /// PKARR publish timeout (a relay PUT is allowed three times the request timeout).
    public var publish: TimeInterval
    /// Homeserver, Homegate and HTTP-relay requests.
    public var request: TimeInterval

    /// The real clients' values: 2 s resolve, 6 s publish, 30 s for other requests.
    public init(resolve: TimeInterval = 2, publish: TimeInterval = 6, request: TimeInterval = 30) {
        self.resolve = resolve
        self.publish = publish
        self.request = request
    }
}
