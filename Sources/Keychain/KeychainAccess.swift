import ContractNames

/// A keychain call about to happen, as a scheduler sees it: which call, on what.
public struct KeychainAccess: Sendable, Equatable {
    /// `add`, `update`, `delete`, `copy`.
    public var call: KeychainCall
    public var operation: KeychainOperation
    /// The group it addresses; nil when it searches every group the app is entitled to.
    public var accessGroup: String?
    public var service: String?
    /// Nil when it addresses every account of the service.
    public var account: String?

    public init(
        call: KeychainCall, operation: KeychainOperation, accessGroup: String?, service: String?, account: String?
    ) {
        self.call = call
        self.operation = operation
        self.accessGroup = accessGroup
        self.service = service
        self.account = account
    }

    /// Whether it may change the group.
    public var writes: Bool { operation != .read && operation != .list }
}
