/// How a run picks the lane that goes on at a decision, given what it is told: a schedule to
/// follow first, then a default. The scheduler of the real processes and the explorer's in-memory
/// models both decide with it, so a schedule means the same everywhere.
public struct SchedulePolicy: Sendable, Equatable, Codable {
    /// The decisions to take first.
    public var forced: Schedule
    /// Exploration runs: invisible steps are taken at once (lowest lane first), then the lane of the
    /// last visible step goes on while it can. Nil for a replay: the replay default.
    public var visibility: Visibility?

    public init(forced: Schedule, visibility: Visibility? = nil) {
        self.forced = forced
        self.visibility = visibility
    }

    /// Where a run stands between decisions.
    public struct Position: Sendable, Equatable, Codable {
        /// Decisions taken so far.
        public var decisions = 0
        /// The lane chosen last.
        public var lastChosen: Int?
        /// The lane whose visible step was taken last (exploration runs).
        public var lastVisible: Int?

        public init() {}
    }

    /// The lane to go on, and whether the schedule named a lane that could not (the run then
    /// diverged from it: a replay of another program, or a nondeterministic one).
    public func choose(
        pending: [PendingStep?], enabled: [Bool], at position: Position
    ) -> (lane: Int, diverged: Bool)? {
        guard enabled.contains(true) else { return nil }
        if position.decisions < forced.lanes.count {
            let lane = forced.lanes[position.decisions]
            if lane < enabled.count, enabled[lane] { return (lane, false) }
            return (defaultChoice(pending: pending, enabled: enabled, at: position), true)
        }
        return (defaultChoice(pending: pending, enabled: enabled, at: position), false)
    }

    /// The position after `lane` went on from `pending`.
    public func advance(_ position: Position, chose lane: Int, pending: [PendingStep?]) -> Position {
        var next = position
        next.decisions += 1
        next.lastChosen = lane
        if let visibility, let step = pending[lane], visibility.isVisible(step.footprint, lane: lane) {
            next.lastVisible = lane
        }
        return next
    }

    func defaultChoice(pending: [PendingStep?], enabled: [Bool], at position: Position) -> Int {
        guard let visibility else { return Self.replayDefault(enabled: enabled, last: position.lastChosen) ?? 0 }
        if let eager = enabled.indices.first(where: { lane in
            enabled[lane] && pending[lane].map { !visibility.isVisible($0.footprint, lane: lane) } == true
        }) {
            return eager
        }
        return Self.replayDefault(enabled: enabled, last: position.lastVisible) ?? 0
    }

    /// The lane that went last, while it can go on; else the first lane that can.
    public static func replayDefault(enabled: [Bool], last: Int?) -> Int? {
        if let last, last < enabled.count, enabled[last] { return last }
        return enabled.firstIndex(of: true)
    }
}
