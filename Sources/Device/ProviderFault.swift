import ContractNames

/// A fault armed on one Android provider path (`simctl provider fault`, spec/07 §0): the query
/// answers a null cursor, or throws with a message, until cleared.
public struct ProviderFault: Codable, Sendable, Equatable {
    /// `<package>.sharedpubky`.
    public var authority: String
    /// `v1/identities`, or `v1/identities/<pubky>/credential`; `*` for every path.
    public var path: String
    /// The exception's message; nil for a null cursor.
    public var exception: String?

    public init(authority: String, path: String, exception: String?) {
        self.authority = authority
        self.path = path
        self.exception = exception
    }

    /// Whether the fault applies to a query of `path` on `authority`.
    public func matches(authority: String, path: String) -> Bool {
        self.authority == authority && (self.path == "*" || self.path == path)
    }
}

/// A signature permission the system no longer grants one app (spec/07 §1.4: "a world switch
/// revokes one app's grant of one permission").
public struct RevokedGrant: Codable, Sendable, Equatable, Hashable {
    public var app: AppKind
    public var permission: String

    public init(app: AppKind, permission: String) {
        self.app = app
        self.permission = permission
    }

    /// The `detail` of `simctl provider revoke`'s journal entry, `<app> <permission>`: the audit
    /// replays revocations from the journal with the same text.
    public var journalDetail: String { "\(app.rawValue) \(permission)" }
}
