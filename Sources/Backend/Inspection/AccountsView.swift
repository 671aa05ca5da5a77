import Foundation

/// `simctl backend show accounts`: homeservers, their accounts and every signup token.
public struct AccountsView: Codable, Sendable, Equatable {
    /// A homeserver with its current condition.
    public struct Homeserver: Codable, Sendable, Equatable {
        public var pubky: String
        public var name: String
        public var signupMode: HomeserverSettings.SignupMode
        public var maxFileBytes: Int
        public var quotaBytes: Int
        /// Refusing connections (knob).
        public var down: Bool
        /// Answering storage reads with 500 (knob).
        public var storageReadFault: Bool
        public var accountCount: Int
    }

    /// An account on a homeserver.
    public struct Account: Codable, Sendable, Equatable {
        public var homeserver: String
        public var pubky: String
        public var createdAt: Date
        /// The app whose request created it.
        public var createdBy: String
        /// The signup token it redeemed.
        public var signupToken: String?
        public var usedBytes: Int
    }

    /// A signup token and whether it was redeemed.
    public struct SignupToken: Codable, Sendable, Equatable {
        public var token: String
        public var homeserver: String
        /// `homegate`, or the app that minted it.
        public var issuedBy: String
        public var issuedAt: Date
        public var usedBy: String?
        public var usedAt: Date?
    }

    public var homeservers: [Homeserver]
    public var accounts: [Account]
    public var signupTokens: [SignupToken]
}
