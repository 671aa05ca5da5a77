/// Homegate's answer to `POST /ip_verification` (spec/04 §8).
public struct HomegateGrant: Codable, Sendable, Equatable {
    /// A fresh signup token `XXXX-XXXX-XXXX`.
    public var signupCode: String
    /// The homeserver the code is valid on.
    public var homeserverPubky: String

    /// A grant.
    public init(signupCode: String, homeserverPubky: String) {
        self.signupCode = signupCode
        self.homeserverPubky = homeserverPubky
    }
}
