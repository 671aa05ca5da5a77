import Foundation

/// When each of a set of lookups ran in a lane (spec/09 §1.5): slots are taken in the lookups' order as
/// they come free, queueing costs nothing, and a lookup longer than the lane's cap is cancelled at the
/// cap. The set takes as long as its last lookup: the device clock moves by `length`, not by the sum.
public struct LookupSchedule: Sendable, Equatable {
    /// One lookup's place in the schedule, in seconds from the set's start.
    public struct Slot: Codable, Sendable, Equatable {
        public var start: TimeInterval
        public var end: TimeInterval
        /// The lookup needed longer than the cap and was cut off at it.
        public var cancelled: Bool

        public init(start: TimeInterval, end: TimeInterval, cancelled: Bool) {
            self.start = start
            self.end = end
            self.cancelled = cancelled
        }
    }

    /// The lookups' slots, in the order given.
    public let slots: [Slot]

    /// Schedules lookups that would take `latencies` seconds each, in `lane`.
    public init(latencies: [TimeInterval], lane: LookupLane) {
        var free = [TimeInterval](repeating: 0, count: min(lane.width, latencies.count))
        var slots: [Slot] = []
        slots.reserveCapacity(latencies.count)
        for latency in latencies {
            // The slot free soonest; the lowest one on a tie, so the order is defined.
            guard let index = free.indices.min(by: { free[$0] < free[$1] }) else { break }
            let cancelled = lane.cap.map { latency > $0 } ?? false
            let duration = cancelled ? lane.cap ?? latency : latency
            let slot = Slot(start: free[index], end: free[index] + duration, cancelled: cancelled)
            free[index] = slot.end
            slots.append(slot)
        }
        self.slots = slots
    }

    /// How long the whole set took: when its last lookup ended (0 for none).
    public var length: TimeInterval { slots.map(\.end).max() ?? 0 }
}
