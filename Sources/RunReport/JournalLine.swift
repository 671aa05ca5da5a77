/// One journal event as a report lists it (no pid, no wall time: the same run gives the same lines).
public struct JournalLine: Sendable, Equatable {
    public var seq: UInt64
    public var app: String
    public var event: String
    /// Operation, account, status and detail, in that order.
    public var text: String

    public init(seq: UInt64, app: String, event: String, text: String) {
        self.seq = seq
        self.app = app
        self.event = event
        self.text = text
    }
}
