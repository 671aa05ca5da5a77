import Foundation

/// What the requester sees on its relay channel.
public struct AuthRequestStatus: Codable, Sendable, Equatable {
    /// The request's state.
    public enum State: String, Codable, Sendable {
        /// No message yet.
        case pending
        /// A token arrived that decrypts with the request's secret and verifies.
        case approved
        /// A message arrived that does not decrypt or whose token does not verify.
        case invalid
    }

    /// The state.
    public var state: State
    /// The approving pubky (bare z-base-32) once approved.
    public var pubky: String?
    /// The capabilities the token grants once approved.
    public var capabilities: String?
    /// The token's timestamp once approved.
    public var approvedAt: Date?
    /// Why an arrived message was refused.
    public var reason: String?

    /// A status.
    public init(
        state: State, pubky: String? = nil, capabilities: String? = nil, approvedAt: Date? = nil,
        reason: String? = nil
    ) {
        self.state = state
        self.pubky = pubky
        self.capabilities = capabilities
        self.approvedAt = approvedAt
        self.reason = reason
    }
}
