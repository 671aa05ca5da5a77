import Synchronization

/// Whether a run holds its app's main actor right now: kept by the run's `MainActorLock`s, read by
/// its scheduling points, so a scheduler never hands the turn to another lane of the same app that
/// would only block on the lock.
public final class MainActorHold: Sendable {
    private let depth = Atomic<Int>(0)

    public init() {}

    public var isHeld: Bool { depth.load(ordering: .relaxed) > 0 }

    package func acquired() { depth.wrappingAdd(1, ordering: .relaxed) }
    package func released() { depth.wrappingSubtract(1, ordering: .relaxed) }
}
