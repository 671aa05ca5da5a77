import Foundation

/// Fixed simulated latencies of the services that have no knob: fast enough never to hit a timeout,
/// non-zero so journals show where time goes.
enum ServiceLatency {
    /// A homeserver request.
    static let homeserver: TimeInterval = 0.05
    /// `POST /ip_verification`.
    static let homegate: TimeInterval = 0.1
    /// An HTTP-relay request.
    static let httpRelay: TimeInterval = 0.05
    /// Broadcasting a payment.
    static let ledger: TimeInterval = 0.05
    /// A refused connection (the service is down).
    static let refused: TimeInterval = 0.01
    /// An HTTP-relay long poll without a message: the relay answers 408 after about 25 s.
    static let relayPollExpiry: TimeInterval = 25
}
