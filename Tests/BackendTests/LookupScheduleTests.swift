import Foundation
import Testing

@testable import Backend

/// spec/09 §1.5: lookups take slots in order as slots come free, queueing is free, a lookup is cut off
/// at the cap from when it got its slot, and the set lasts as long as its last lookup.
@Suite struct LookupScheduleTests {
    @Test func theInteractiveLaneRunsSixAtOnceAndTheSeventhWhenASlotFrees() {
        let schedule = LookupSchedule(latencies: [3, 1, 1, 1, 1, 1, 1, 1], lane: .interactive)
        #expect(schedule.slots.prefix(6).allSatisfy { $0.start == 0 })
        // The 7th and 8th take the first slots to come free (those of follows 2 and 3, at 1 s).
        #expect(schedule.slots[6] == .init(start: 1, end: 2, cancelled: false))
        #expect(schedule.slots[7] == .init(start: 1, end: 2, cancelled: false))
        #expect(schedule.length == 3)
    }

    @Test func aLookupOverTheCapIsCancelledTenSecondsAfterItsSlotNotAfterTheStart() {
        var latencies = [TimeInterval](repeating: 4, count: 6)
        latencies.append(12)
        let schedule = LookupSchedule(latencies: latencies, lane: .interactive)
        // Queued for 4 s (free), then cut off 10 s into its slot.
        #expect(schedule.slots[6] == .init(start: 4, end: 14, cancelled: true))
        #expect(schedule.length == 14)
        #expect(LookupSchedule(latencies: [12, 0.1], lane: .interactive).length == 10)
        #expect(LookupSchedule(latencies: [10], lane: .interactive).slots[0].cancelled == false)
    }

    @Test func theBulkLaneRunsFourAtOnceWithoutALimit() {
        let schedule = LookupSchedule(latencies: [0.1, 0.1, 0.1, 0.1, 0.1, 40], lane: .bulk)
        #expect(schedule.slots[4].start == 0.1)
        #expect(schedule.slots[5].start == 0.1)
        #expect(schedule.slots[5].cancelled == false)
        #expect(abs(schedule.length - 40.1) < 1e-9)
    }

    @Test func theClockMovesByTheScheduleNotTheSum() {
        let latencies = [TimeInterval](repeating: 0.1, count: 62)
        // 62 lookups, 6 at a time: 11 rounds of 0.1 s.
        #expect(abs(LookupSchedule(latencies: latencies, lane: .interactive).length - 1.1) < 1e-9)
        #expect(LookupSchedule(latencies: [], lane: .interactive).length == 0)
        #expect(LookupLane(width: 0, cap: nil).width == 1)
    }
}
