/// Options of a directory listing (spec/04 §7).
public struct StorageListOptions: Sendable, Equatable {
    /// At most this many entries (the homeserver pages by 100).
    public var limit: Int
    /// Continue after this entry (a path or a `pubky://` URI from an earlier page).
    public var cursor: String?
    /// Direct children only; sub-directories are listed once, ending in `/`.
    public var shallow: Bool
    /// Descending order.
    public var reverse: Bool

    /// Listing options; the defaults list the first 100 entries of the whole subtree.
    public init(limit: Int = 100, cursor: String? = nil, shallow: Bool = false, reverse: Bool = false) {
        self.limit = limit
        self.cursor = cursor
        self.shallow = shallow
        self.reverse = reverse
    }
}
