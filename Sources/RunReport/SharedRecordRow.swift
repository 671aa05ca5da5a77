/// One record the device shares after a step, without its secret: an item of the iOS shared
/// keychain group, or a row an Android provider serves.
public struct SharedRecordRow: Sendable, Equatable {
    /// How the record differs from the step before.
    public enum Change: String, Sendable, Equatable {
        case added, changed, removed, unchanged
    }

    /// `<owner>:<pubky>` (on iOS the item's account, whatever its prefix).
    public var record: String
    /// The owner it starts with (`app.pubkyring`, `to.bitkit.dev`…), if it has one.
    public var owner: String?
    /// The platform's one fact about it, e.g. the item's accessibility class
    /// (`WhenUnlockedThisDeviceOnly`) or the provider's authority.
    public var detail: String
    /// The size of the hidden secret.
    public var byteCount: Int
    public var change: Change

    public init(record: String, owner: String?, detail: String, byteCount: Int, change: Change) {
        self.record = record
        self.owner = owner
        self.detail = detail
        self.byteCount = byteCount
        self.change = change
    }
}
