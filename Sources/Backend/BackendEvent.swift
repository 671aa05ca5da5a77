import Foundation

/// One simulated network request, reported to the client's observer for the journal.
public struct BackendEvent: Codable, Sendable, Equatable {
    /// How a request ended.
    public enum Outcome: String, Codable, Sendable {
        /// The service answered successfully.
        case ok
        /// The service answered "no such thing" (404/410, a relay or DHT miss).
        case notFound = "not-found"
        /// The service answered with an error status.
        case failed
        /// The service did not answer within the client's timeout.
        case timedOut = "timed-out"
        /// No connection could be made.
        case unreachable
        /// The app is offline; nothing was sent.
        case offline
    }

    /// The calling app (`to.bitkit`, `app.pubkyring`, `simctl`, …).
    public var app: String
    /// The service addressed.
    public var service: BackendService
    /// The request, e.g. `POST /signup` or `GET /<z32>`.
    public var operation: String
    /// The service instance: a homeserver key, a relay URL or host name.
    public var host: String?
    /// The pubky the request is about, when there is one.
    public var subject: String?
    /// How it ended.
    public var outcome: Outcome
    /// The HTTP status when the service answered with one.
    public var status: Int?
    /// How long the request would have taken, in seconds (capped at the client's timeout).
    public var latency: TimeInterval
    /// The client's timeout for the request, in seconds; nil when nothing was sent (offline).
    public var timeout: TimeInterval?

    /// An event.
    public init(
        app: String, service: BackendService, operation: String, host: String? = nil,
        subject: String? = nil,
        outcome: Outcome, status: Int? = nil, latency: TimeInterval, timeout: TimeInterval? = nil
    ) {
        self.app = app
        self.service = service
        self.operation = operation
        self.host = host
        self.subject = subject
        self.outcome = outcome
        self.status = status
        self.latency = latency
        self.timeout = timeout
    }

    /// Seconds as whole milliseconds, the journal's unit; nil for a request that never answers.
    public static func milliseconds(_ seconds: TimeInterval) -> Int64? {
        guard seconds.isFinite else { return nil }
        return Int64((seconds * 1000).rounded())
    }
}
