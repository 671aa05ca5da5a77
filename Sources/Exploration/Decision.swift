/// One decision of a run: taken when every lane waits at a scheduling point or is done. It records
/// what each lane was about to do, which lanes could go on, and which one did.
public struct Decision: Sendable, Equatable, Codable {
    /// Per lane (a, b, c…): the step it waits to take, or nil when the lane is done.
    public var pending: [PendingStep?]
    /// Per lane: whether it can go on now (a lane waiting for its app's main actor, held by another
    /// lane of the same app, cannot).
    public var enabled: [Bool]
    /// The lane that went on.
    public var chosen: Int
    /// A digest of the world and of what each lane has observed so far, when state deduplication
    /// asked for it at this decision.
    public var state: String?

    public init(pending: [PendingStep?], enabled: [Bool], chosen: Int, state: String? = nil) {
        self.pending = pending
        self.enabled = enabled
        self.chosen = chosen
        self.state = state
    }

    /// The lanes that could go on, in lane order.
    public var enabledLanes: [Int] { enabled.indices.filter { enabled[$0] } }
}
