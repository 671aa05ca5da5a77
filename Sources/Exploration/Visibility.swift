/// The footprints each lane was seen to have, over every run so far. A step is visible when it
/// conflicts with a footprint of another lane: only visible steps are worth interleaving; an
/// invisible one commutes with everything the other lanes do, so a run takes it at once (it never
/// changes an outcome where it happens, nor costs a preemption).
public struct Visibility: Sendable, Equatable, Codable {
    /// Per lane, the distinct footprints of its steps, in the order first seen.
    public var seen: [[Footprint]]
    /// Every step visible (no reduction): each point is a decision.
    public var everything: Bool

    public init(lanes: Int, everything: Bool = false) {
        seen = Array(repeating: [], count: lanes)
        self.everything = everything
    }

    /// Whether `footprint`, a step of `lane`, conflicts with a footprint another lane has had.
    public func isVisible(_ footprint: Footprint, lane: Int) -> Bool {
        if everything { return true }
        return seen.indices.contains { other in
            other != lane && seen[other].contains { footprint.conflicts(with: $0) }
        }
    }

    /// Adds the footprints of `decisions`' pending steps; returns whether any was new.
    @discardableResult
    public mutating func learn(_ decisions: [Decision]) -> Bool {
        var grew = false
        for decision in decisions {
            for (lane, step) in decision.pending.enumerated() {
                guard let step, lane < seen.count, !seen[lane].contains(step.footprint) else { continue }
                seen[lane].append(step.footprint)
                grew = true
            }
        }
        return grew
    }

    /// Whether some step visible under `other` is invisible here: then runs made here may have taken
    /// a step at once that needs interleaving.
    public func misses(_ other: Visibility) -> Bool {
        guard !everything else { return false }
        for (lane, footprints) in other.seen.enumerated() {
            for footprint in footprints
            where other.isVisible(footprint, lane: lane) && !isVisible(footprint, lane: lane) {
                return true
            }
        }
        return false
    }
}
