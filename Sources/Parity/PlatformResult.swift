/// How one row went on one platform.
public struct PlatformResult: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case passed
        case failed
        /// The run stopped before the line (an earlier step failed on its own).
        case notReached = "not reached"
        /// A line of the other platform (`platform …:`).
        case notOnPlatform = "not on this platform"
        /// The scenario does not run on this platform (`skip on`, `platforms:`).
        case skipped
    }

    public var status: Status
    /// For a failure: what was expected and what was found; for a skip: why.
    public var detail: String?

    public init(_ status: Status, detail: String? = nil) {
        self.status = status
        self.detail = detail
    }

    /// Whether the row held on this platform.
    public var passed: Bool { status == .passed }

    /// Whether the row should have held here (it ran, or should have).
    var applies: Bool { status != .notOnPlatform && status != .skipped }

    /// `✓`, `✗`, `·` (not reached), `—` (not on this platform), `SKIP`.
    public var mark: String {
        switch status {
        case .passed: return "✓"
        case .failed: return "✗"
        case .notReached: return "·"
        case .notOnPlatform: return "—"
        case .skipped: return "SKIP"
        }
    }
}
