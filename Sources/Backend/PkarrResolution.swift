/// The end of a PKARR lookup (spec/04 §10).
public enum PkarrResolution: Sendable, Equatable {
    /// Some source returned a valid packet (the newest one is kept).
    case found(PkarrRecord)
    /// At least one source answered "no such key" within its timeout and none returned a packet.
    case notFound
    /// Nothing answered in time (or every answer was unusable): the key may or may not have a record.
    case unknown

    /// The found record, if any.
    public var record: PkarrRecord? {
        if case .found(let record) = self { return record }
        return nil
    }
}
