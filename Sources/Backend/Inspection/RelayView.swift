import Foundation

/// `simctl backend show relay`: messages waiting on HTTP-relay channels and the requester's requests.
public struct RelayView: Codable, Sendable, Equatable {
    /// A message on a channel.
    public struct Message: Codable, Sendable, Equatable {
        public var channel: String
        public var size: Int
        public var postedAt: Date
        /// The app that posted it.
        public var postedBy: String
        /// Older than the relay keeps messages (about five minutes).
        public var expired: Bool
        /// The signer of the enclosed AuthToken, when the channel's secret is known (a requester
        /// request) and the body decrypts.
        public var tokenPubky: String?
        /// The enclosed token's capabilities, under the same condition.
        public var tokenCapabilities: String?
        /// The enclosed token's timestamp (µs), under the same condition.
        public var tokenTimestamp: UInt64?
    }

    /// A request minted by the requester API.
    public struct Request: Codable, Sendable, Equatable {
        public var channel: String
        public var link: String
        public var intent: String
        public var capabilities: String
        public var homeserver: String?
        public var signupToken: String?
        public var createdAt: Date
        public var createdBy: String
        public var approvedBy: String?
        public var approvedAt: Date?
    }

    public var messages: [Message]
    public var requests: [Request]
}
