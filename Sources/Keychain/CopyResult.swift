/// The result of `copyMatching`.
public struct CopyResult: Sendable, Equatable {
    public var status: OSStatus
    /// Matching items in enumeration order; `data` is empty unless data was requested.
    public var items: [KeychainItem]

    public init(status: OSStatus, items: [KeychainItem]) {
        self.status = status
        self.items = items
    }
}
