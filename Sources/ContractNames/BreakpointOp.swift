/// A process stopping at a breakpoint and going on after `simctl continue`.
public enum BreakpointOp: String, Sendable, CaseIterable {
    case paused, resumed
}
