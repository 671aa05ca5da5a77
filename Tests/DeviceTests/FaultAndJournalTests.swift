import Device
import Foundation
import Keychain
import Testing

@Test func aCountedFaultIsUsedUpAndThenRemoved() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let store = DeviceStore(world: temp.world)
    try store.update {
        $0.faults = [
            FaultRule(
                id: 1, app: .bitkit, operation: .read, account: "app.pubkyring:*", status: .interactionNotAllowed,
                remaining: 2)
        ]
    }
    #expect(try store.consumeFault(app: .ring, operation: .read, account: "app.pubkyring:x") == nil)
    #expect(try store.consumeFault(app: .bitkit, operation: .list, account: nil) == nil)
    #expect(try store.consumeFault(app: .bitkit, operation: .read, account: "to.bitkit:x") == nil)
    #expect(
        try store.consumeFault(app: .bitkit, operation: .read, account: "app.pubkyring:x") == .interactionNotAllowed)
    #expect(
        try store.consumeFault(app: .bitkit, operation: .read, account: "app.pubkyring:y") == .interactionNotAllowed)
    #expect(try store.consumeFault(app: .bitkit, operation: .read, account: "app.pubkyring:z") == nil)
    #expect(try store.read().faults.isEmpty)
}

@Test func anUncountedStarFaultMatchesOperationsWithoutAnAccount() throws {
    let rule = FaultRule(id: 1, app: .ring, operation: .list, account: "*", status: OSStatus(-25291), remaining: nil)
    #expect(rule.matches(app: .ring, operation: .list, account: nil))
    #expect(!rule.matches(app: .ring, operation: .delete, account: nil))
}

@Test func journalNumbersEntriesInOrderAndSkipsATornLine() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let journal = Journal(world: temp.world)
    try journal.append(JournalEntry(app: "bitkit", kind: .keychain(.add)))
    // A writer killed mid-line leaves a fragment without a newline.
    let handle = try FileHandle(forWritingTo: temp.world.journalFile)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("{\"seq\":2,\"ti".utf8))
    try handle.close()
    let stored = try journal.append(JournalEntry(app: "ring", kind: .toast(style: "info")))
    #expect(stored.seq == 2)
    let (entries, malformed) = try journal.read()
    #expect(entries.map(\.seq) == [1, 2])
    #expect(entries.map(\.app) == ["bitkit", "ring"])
    #expect(malformed == 1)
}

@Test func journalSequenceStaysUniqueUnderConcurrentWriters() async throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let journal = Journal(world: temp.world)
    await withTaskGroup(of: Void.self) { group in
        for worker in 0..<4 {
            group.addTask {
                for _ in 0..<50 {
                    _ = try? journal.append(JournalEntry(app: "w\(worker)", kind: .unknown(event: "test", op: nil)))
                }
            }
        }
    }
    let (entries, malformed) = try journal.read()
    #expect(malformed == 0)
    #expect(entries.map(\.seq) == Array(1...200))
}

@Test func aNewWorldsClockStartsAtTheFixedStartAndMovesOnlyWhenTimeIsSpent() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let clock = DeviceClock(world: temp.world)
    #expect(try clock.read() == DeviceClock.Reading(start: DeviceClock.defaultStart, elapsed: 0))
    #expect(try clock.now() == Date(timeIntervalSince1970: 1_767_225_600))
    // Time on the host passes; the device's does not.
    usleep(5_000)
    #expect(try clock.read().elapsed == 0)
    try clock.spend(2.0)
    try clock.spend(0.0504)
    #expect(try clock.read().elapsed == 2050)
    try clock.advance(by: -50)
    #expect(try clock.now() == Date(timeIntervalSince1970: 1_767_225_602))
}

@Test func journalEntriesCarryTheDeviceClockNotTheHostClock() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let journal = Journal(world: temp.world, run: 4)
    try DeviceClock(world: temp.world).advance(by: 1500)
    let stored = try journal.append(JournalEntry(app: "ring", kind: .toast(style: "info")))
    #expect(stored.clock == 1500)
    #expect(stored.time == 1_767_225_601.5)
    #expect(stored.run == 4)
}

@Test func aDamagedClockFileIsABrokenWorldNotTheHostsTime() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    try Data("soon\n".utf8).write(to: temp.world.simFolder.appendingPathComponent("clock"))
    #expect(throws: WorldError.self) { try DeviceClock(world: temp.world).now() }
    #expect(throws: WorldError.self) {
        try Journal(world: temp.world).append(JournalEntry(app: "x", kind: .unknown(event: "y", op: nil)))
    }
}
