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

    /// An event.
    public init(
        app: String, service: BackendService, operation: String, host: String? = nil,
        subject: String? = nil,
        outcome: Outcome, status: Int? = nil, latency: TimeInterval
    ) {
        self.app = app
        self.service = service
        self.operation = operation
        self.host = host
        self.subject = subject
        self.outcome = outcome
        self.status = status
        self.latency = latency
    }
}
