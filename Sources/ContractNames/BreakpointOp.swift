/// A process stopping at a breakpoint, going on after `simctl continue`, or killed while stopped
/// there (its app killed: `bitkit-sim kill`, `ring-sim kill`, a relaunch).
public enum BreakpointOp: String, Sendable, CaseIterable {
    case paused, resumed, killed
}
