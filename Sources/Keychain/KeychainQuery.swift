/// A generic-password query. nil fields match anything; a nil group means every entitled group.
public struct KeychainQuery: Sendable, Equatable {
    public var service: String?
    public var account: String?
    public var accessGroup: String?
    public var synchronizable: SynchronizableFilter

    public init(
        service: String? = nil, account: String? = nil, accessGroup: String? = nil,
        synchronizable: SynchronizableFilter = .no
    ) {
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
        self.synchronizable = synchronizable
    }
}
