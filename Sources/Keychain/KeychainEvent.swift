import ContractNames

/// What one keychain call did, for the journal.
public struct KeychainEvent: Sendable, Equatable {
    /// `add`, `update`, `delete`, `copy`.
    public var call: KeychainCall
    public var operation: KeychainOperation
    public var accessGroup: String?
    public var service: String?
    public var account: String?
    public var status: OSStatus
    /// Whether data was returned to the caller (copy with return-data).
    public var returnedData: Bool
    /// Whether the caller asked for data (`kSecReturnData`), whatever the outcome: tells a failed
    /// secret read from a failed existence check.
    public var requestedData: Bool = false
    /// Items returned, added, updated or deleted.
    public var count: Int
    /// Entries of the group folder that were skipped because they are not valid items.
    public var ignored: [IgnoredEntry]
    /// For a delete: each item it removed, with the access group it was actually in (a query
    /// naming no group reaches every entitled group).
    public var removed: [RemovedItem] = []

    /// An item a delete removed.
    public struct RemovedItem: Sendable, Equatable {
        public var accessGroup: String
        public var account: String

        public init(accessGroup: String, account: String) {
            self.accessGroup = accessGroup
            self.account = account
        }
    }

    public init(
        call: KeychainCall, operation: KeychainOperation, accessGroup: String?, service: String?,
        account: String?,
        status: OSStatus, returnedData: Bool, count: Int, ignored: [IgnoredEntry]
    ) {
        self.call = call
        self.operation = operation
        self.accessGroup = accessGroup
        self.service = service
        self.account = account
        self.status = status
        self.returnedData = returnedData
        self.count = count
        self.ignored = ignored
    }
}
