/// How a platform's shared records are shown as a table (the run report's table per step): what
/// holds them, the names of its columns, and what it says when there are none.
public struct SharedRecordsView: Sendable, Equatable {
    /// What holds the records, for the caption: "Shared keychain group", "Content providers".
    public var place: String
    /// The heading of the record's name (`<owner>:<pubky>`).
    public var recordHeading: String
    /// The heading of its owner.
    public var ownerHeading: String
    /// The heading of the platform's one fact about a record, and its key in `SharedRecord.platform`.
    public var detailHeading: String
    public var detailKey: String
    /// The row of a table without records.
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
