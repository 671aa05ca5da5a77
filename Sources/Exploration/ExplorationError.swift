/// Why an exploration could not be trusted; one clear sentence each.
public enum ExplorationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A run did not take the decisions its schedule replays: the program is not deterministic.
    case diverged(schedule: Schedule, decision: Int, expected: String, found: String)
    /// A schedule of a batch never ran (an earlier one failed).
    case unfinished

    public var description: String {
        switch self {
        case .diverged(let schedule, let decision, let expected, let found):
            return
                "schedule \(schedule) diverged at decision \(decision + 1): an earlier run had \(expected) there, this one \(found); the lanes are not deterministic"
        case .unfinished:
            return "a schedule of the batch never ran because another one failed"
        }
    }
}
