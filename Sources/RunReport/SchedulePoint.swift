/// One decision of a race's scheduler: the lane that went on, and the point it went on from
/// (`start`, or a checkpoint such as `ring.setOwned.between-delete-and-add`).
public struct SchedulePoint: Sendable, Equatable {
    public var lane: String
    public var point: String

    public init(lane: String, point: String) {
        self.lane = lane
        self.point = point
    }

    /// Reads the scheduler's trace entry `lane:point` (`a:start`); an entry without a lane keeps it
    /// whole as the point.
    public init(trace: String) {
        guard let colon = trace.firstIndex(of: ":") else {
            self.init(lane: "?", point: trace)
            return
        }
        self.init(lane: String(trace[..<colon]), point: String(trace[trace.index(after: colon)...]))
    }
}
