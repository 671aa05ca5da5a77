/// A lane put to sleep on one branch: the step it waits to take has already been explored first in
/// an earlier sibling branch, so this branch only takes it once a conflicting step woke it.
struct SleepEntry: Sendable, Hashable {
    var lane: Int
    var footprint: Footprint
}
