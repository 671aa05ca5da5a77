/// The attributes of an item to add.
public struct NewKeychainItem: Sendable, Equatable {
    /// nil = the caller's first entitled group, as `SecItemAdd` does.
    public var accessGroup: String?
    public var service: String
    public var account: String
    public var data: [UInt8]
    public var accessibility: Accessibility
    public var synchronizable: Bool

    public init(
        accessGroup: String?, service: String, account: String, data: [UInt8],
        accessibility: Accessibility, synchronizable: Bool = false
    ) {
        self.accessGroup = accessGroup
        self.service = service
        self.account = account
        self.data = data
        self.accessibility = accessibility
        self.synchronizable = synchronizable
    }
}
