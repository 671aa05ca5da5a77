import Foundation
import Keychain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Forces a status on keychain operations of one app that match an account pattern (spec/01 §14).
public struct FaultRule: Codable, Sendable, Equatable {
    public var id: Int
    /// The app the rule applies to.
    public var app: AppKind
    public var operation: KeychainOperation
    /// A shell-style glob over the account (`*` matches any account, also a missing one).
    public var account: String
    public var status: OSStatus
    /// How many more operations it applies to; nil = until cleared.
    public var remaining: Int?

    public init(id: Int, app: AppKind, operation: KeychainOperation, account: String, status: OSStatus, remaining: Int?)
    {
        self.id = id
        self.app = app
        self.operation = operation
        self.account = account
        self.status = status
        self.remaining = remaining
    }

    /// Whether the rule forces a status on this operation.
    public func matches(app: AppKind, operation: KeychainOperation, account: String?) -> Bool {
        guard app == self.app, operation == self.operation, remaining.map({ $0 > 0 }) ?? true else { return false }
        if self.account == "*" { return true }
        guard let account else { return false }
        return fnmatch(self.account, account, 0) == 0
    }
}
