/// The two ends of a wipe: the audit checks that none of the wiper's records is left at `end`.
public enum WipeOp: String, Sendable, CaseIterable {
    case start, end
}
