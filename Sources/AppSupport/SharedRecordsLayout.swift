/// How a table of what the device shares names the place that holds the records and its columns,
/// in the platform's words (the iOS keychain group's, or Android's providers'): each platform's OS
/// gives one (`PhoneOS.recordsLayout`), the run report draws it.
public struct SharedRecordsLayout: Sendable, Equatable {
    /// "Shared keychain group", "Content providers": the caption says "… after step N".
    public var place: String
    /// The heading of the record's name (`<owner>:<pubky>`).
    public var recordHeading: String
    /// The heading of its owner.
    public var ownerHeading: String
    /// The heading of the platform's one fact about a record, and its key in the record's platform
    /// facts (`SharedRecord.platform`).
    public var detailHeading: String
    public var detailKey: String
    /// The row of a table without records, e.g. "The group holds no record."
    public var empty: String

    public init(
        place: String, recordHeading: String, ownerHeading: String, detailHeading: String, detailKey: String,
        empty: String
    ) {
        self.place = place
        self.recordHeading = recordHeading
        self.ownerHeading = ownerHeading
        self.detailHeading = detailHeading
        self.detailKey = detailKey
        self.empty = empty
    }
}
