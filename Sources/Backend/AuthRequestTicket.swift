import Foundation

/// A `pubkyauth://` request minted by the requester API: the link to hand to an authenticator and
/// the relay channel the requester polls.
public struct AuthRequestTicket: Codable, Sendable, Equatable {
    /// The canonical `pubkyauth://signin?…` or `pubkyauth://signup?…` link.
    public var link: String
    /// The relay channel URL (relay base + `/` + base64url(BLAKE3(secret))): the request's id.
    public var channel: String
    /// The requested capabilities, as written in the link.
    public var capabilities: String
    /// The relay base URL.
    public var relay: String
    /// `signin` or `signup`.
    public var intent: String
    /// The homeserver of a signup request.
    public var homeserver: String?
    /// The fresh signup token of a signup request.
    public var signupToken: String?
    /// When the request was created.
    public var createdAt: Date
}
