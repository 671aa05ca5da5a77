/// The step a lane waits to take at a scheduling point: the point's name and what the step touches.
public struct PendingStep: Sendable, Hashable, Codable {
    /// The scheduling point's stable name (`start`, `keychain copy app.pubkyring:<z32>`,
    /// `backend homeserver GET /session`, a checkpoint such as `ring.setOwned.between-delete-and-add`).
    public var point: String
    public var footprint: Footprint

    public init(point: String, footprint: Footprint) {
        self.point = point
        self.footprint = footprint
    }
}
