import Foundation

/// A homeserver of the world and its rules.
public struct HomeserverSettings: Codable, Sendable, Equatable {
    /// Whether sign-up needs a signup token.
    public enum SignupMode: String, Codable, Sendable {
        /// A valid, unused signup token is required (the default of the real homeservers).
        case tokenRequired = "token_required"
        /// Anyone may sign up.
        case open
    }

    /// The homeserver's bare z-base-32 public key.
    public var pubky: String
    /// A human label (`production`, `staging`, …).
    public var name: String
    /// Whether sign-up needs a token.
    public var signupMode: SignupMode
    /// The largest single file a PUT may store (larger → 413).
    public var maxFileBytes: Int
    /// The total bytes one user may store (more → 507).
    public var quotaBytes: Int

    /// A homeserver with the default limits: 10 MiB per file, 100 MiB per user, tokens required.
    public init(
        pubky: String, name: String, signupMode: SignupMode = .tokenRequired,
        maxFileBytes: Int = 10 << 20, quotaBytes: Int = 100 << 20
    ) {
        self.pubky = pubky
        self.name = name
        self.signupMode = signupMode
        self.maxFileBytes = maxFileBytes
        self.quotaBytes = quotaBytes
    }

    static let columns = "pubky, name, signup_mode, max_file_bytes, quota_bytes"

    init(row: Row) {
        self.init(
            pubky: row.text(0), name: row.text(1),
            signupMode: SignupMode(rawValue: row.text(2)) ?? .tokenRequired,
            maxFileBytes: row.int(3), quotaBytes: row.int(4))
    }

    func insert(_ database: Database, now: Date) throws {
        try database.run(
            "INSERT INTO homeservers(pubky, name, signup_mode, max_file_bytes, quota_bytes, created_at) "
                + "VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
            [
                .text(pubky), .text(name), .text(signupMode.rawValue), .int(maxFileBytes), .int(quotaBytes),
                .integer(now.microseconds),
            ])
    }

    static func load(_ database: Database, pubky: String) throws -> HomeserverSettings? {
        try database.queryFirst("SELECT \(columns) FROM homeservers WHERE pubky = ?1", [.text(pubky)]) {
            HomeserverSettings(row: $0)
        }
    }
}
