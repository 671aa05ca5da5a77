/// How far and how cleverly the explorer searches.
public struct ExplorationOptions: Sendable, Equatable {
    /// At most this many preemptions per schedule (switching away from the lane of the last visible
    /// step while it could go on); nil: no bound.
    public var bound: Int?
    /// Partial-order reduction: invisible steps are never interleaved, and sleep sets keep a
    /// preempting branch from re-exploring the running lane's commuting step. Off: every point is a
    /// decision and every order within the bound is run.
    public var reduction: Bool
    /// Skip the rest of a schedule that reached a decision in a state already explored from there.
    public var deduplication: Bool
    /// Stop after this many schedules.
    public var maxSchedules: Int?
    /// Stop starting schedules after this many seconds.
    public var maxSeconds: Double?
    /// Schedules run side by side.
    public var jobs: Int

    public init(
        bound: Int? = 2, reduction: Bool = true, deduplication: Bool = true, maxSchedules: Int? = nil,
        maxSeconds: Double? = nil, jobs: Int = 1
    ) {
        self.bound = bound
        self.reduction = reduction
        self.deduplication = deduplication
        self.maxSchedules = maxSchedules
        self.maxSeconds = maxSeconds
        self.jobs = max(1, jobs)
    }
}
