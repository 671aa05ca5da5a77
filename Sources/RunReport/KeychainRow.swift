/// One record of the shared keychain group after a step, without its secret.
public struct KeychainRow: Sendable, Equatable {
    /// How the record differs from the step before.
    public enum Change: String, Sendable, Equatable {
        case added, changed, removed, unchanged
    }

    public var service: String
    public var account: String
    /// The owner prefix the account starts with (`app.pubkyring`, `to.bitkit.dev`…), if it has one.
    public var owner: String?
    /// The item's accessibility class, e.g. `WhenUnlockedThisDeviceOnly`.
    public var accessibility: String
    /// The size of the hidden secret.
    public var byteCount: Int
    public var change: Change

    public init(
        service: String, account: String, owner: String?, accessibility: String, byteCount: Int, change: Change
    ) {
        self.service = service
        self.account = account
        self.owner = owner
        self.accessibility = accessibility
        self.byteCount = byteCount
        self.change = change
    }
}
