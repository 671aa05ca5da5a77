import ContractNames
import Foundation
import Keychain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Forces a status on keychain operations of one app, in one group, that match an account pattern
/// (spec/01 §14). A counted rule is used up only by operations it matches.
public struct FaultRule: Codable, Sendable, Equatable {
    public var id: Int
    /// The app the rule applies to.
    public var app: AppKind
    public var operation: KeychainOperation
    /// The group whose operations it applies to (a rule stored without one is for the shared group).
    public var group: FaultScope
    /// A shell-style glob over the account (`*` matches any account, also a missing one).
    public var account: String
    public var status: OSStatus
    /// How many more operations it applies to; nil = until cleared.
    public var remaining: Int?

    public init(
        id: Int, app: AppKind, operation: KeychainOperation, group: FaultScope = .shared, account: String,
        status: OSStatus, remaining: Int?
    ) {
        self.id = id
        self.app = app
        self.operation = operation
        self.group = group
        self.account = account
        self.status = status
        self.remaining = remaining
    }

    /// Whether the rule forces a status on this operation of `app` on `accessGroup`.
    public func matches(app: AppKind, operation: KeychainOperation, group accessGroup: String, account: String?) -> Bool
    {
        guard app == self.app, operation == self.operation, group.contains(accessGroup),
            remaining.map({ $0 > 0 }) ?? true
        else { return false }
        if self.account == "*" { return true }
        guard let account else { return false }
        return fnmatch(self.account, account, 0) == 0
    }

    enum CodingKeys: String, CodingKey { case id, app, operation, group, account, status, remaining }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        app = try container.decode(AppKind.self, forKey: .app)
        operation = try container.decode(KeychainOperation.self, forKey: .operation)
        group = try container.decodeIfPresent(FaultScope.self, forKey: .group) ?? .shared
        account = try container.decode(String.self, forKey: .account)
        status = try container.decode(OSStatus.self, forKey: .status)
        remaining = try container.decodeIfPresent(Int.self, forKey: .remaining)
    }
}
