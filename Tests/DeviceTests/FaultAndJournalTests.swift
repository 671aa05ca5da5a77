import ContractNames
import Device
import Foundation
import Keychain
import Simulation
import Testing
import WorldFiles

@Test func aCountedFaultIsUsedUpAndThenRemoved() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let store = DeviceStore(world: temp.world)
    let shared = SharedContract.accessGroup
    try store.update {
        $0.faults = [
            FaultRule(
                id: 1, app: .bitkit, operation: .read, account: "app.pubkyring:*", status: .interactionNotAllowed,
                remaining: 2)
        ]
    }
    #expect(try store.consumeFault(app: .ring, operation: .read, group: shared, account: "app.pubkyring:x") == nil)
    #expect(try store.consumeFault(app: .bitkit, operation: .list, group: shared, account: nil) == nil)
    #expect(try store.consumeFault(app: .bitkit, operation: .read, group: shared, account: "to.bitkit:x") == nil)
    #expect(
        try store.consumeFault(app: .bitkit, operation: .read, group: shared, account: "app.pubkyring:x")
            == .interactionNotAllowed)
    #expect(
        try store.consumeFault(app: .bitkit, operation: .read, group: shared, account: "app.pubkyring:y")
            == .interactionNotAllowed)
    #expect(try store.consumeFault(app: .bitkit, operation: .read, group: shared, account: "app.pubkyring:z") == nil)
    #expect(try store.read().faults.isEmpty)
}

@Test func anUncountedStarFaultMatchesOperationsWithoutAnAccount() throws {
    let rule = FaultRule(id: 1, app: .ring, operation: .list, account: "*", status: OSStatus(-25291), remaining: nil)
    #expect(rule.matches(app: .ring, operation: .list, group: SharedContract.accessGroup, account: nil))
    #expect(!rule.matches(app: .ring, operation: .delete, group: SharedContract.accessGroup, account: nil))
}

@Test func aFaultHitsOnlyItsGroupAndItsCountIsUsedOnlyByMatchingCalls() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let store = DeviceStore(world: temp.world)
    let shared = SharedContract.accessGroup
    let bitkitRegtest = BitcoinNetwork.regtest.bitkitPrivateGroup
    try store.update {
        $0.faults = [
            FaultRule(
                id: 1, app: .bitkit, operation: .list, account: "*", status: .interactionNotAllowed, remaining: 1),
            FaultRule(
                id: 2, app: .bitkit, operation: .delete, group: .bitkitPrivate, account: "paykit_session",
                status: .interactionNotAllowed, remaining: nil),
        ]
    }
    // Bitkit's private listing is not in the shared rule's scope and leaves its count alone.
    #expect(try store.consumeFault(app: .bitkit, operation: .list, group: bitkitRegtest, account: nil) == nil)
    #expect(try store.read().faults.first?.remaining == 1)
    #expect(
        try store.consumeFault(app: .bitkit, operation: .delete, group: shared, account: "paykit_session") == nil)
    #expect(
        try store.consumeFault(app: .bitkit, operation: .delete, group: bitkitRegtest, account: "paykit_session")
            == .interactionNotAllowed)
    #expect(
        try store.consumeFault(
            app: .bitkit, operation: .delete, group: BitcoinNetwork.bitcoin.bitkitPrivateGroup,
            account: "paykit_session") == .interactionNotAllowed)
    #expect(
        try store.consumeFault(app: .bitkit, operation: .list, group: shared, account: nil) == .interactionNotAllowed)
    #expect(try store.read().faults.map(\.id) == [2])
}

@Test func aFaultScopeIsNamedAsOnTheCommandLineAndOldRulesMeanTheSharedGroup() throws {
    #expect(FaultScope(argument: "shared") == .shared)
    #expect(FaultScope(argument: "KYH47R284B.pubky.shared") == .shared)
    #expect(FaultScope(argument: "ring") == .ringPrivate)
    #expect(FaultScope(argument: "bitkit") == .bitkitPrivate)
    #expect(FaultScope(argument: "KYH47R284B.to.bitkit") == .group("KYH47R284B.to.bitkit"))
    #expect(FaultScope(argument: "../..") == nil)
    let stored = Data(
        #"{"id":3,"app":"ring","operation":"list","account":"*","status":-25308}"#.utf8)
    let rule = try JSONDecoder().decode(FaultRule.self, from: stored)
    #expect(rule.group == .shared)
    let encoded = String(decoding: try JSONEncoder().encode(rule), as: UTF8.self)
    #expect(encoded.contains(#""group":"shared""#))
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

@Test func journalNumbersAfterALastEntryLongerThanTheTailWindow() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let journal = Journal(world: temp.world)
    for _ in 0..<40 { try journal.append(JournalEntry(app: "bitkit", kind: .keychain(.add))) }
    // Over 4 KiB: the line is cut off by the first window read from the end, which must grow.
    try journal.append(
        JournalEntry(app: "ring", kind: .toast(style: "info"), detail: String(repeating: "x", count: 9000)))
    let stored = try journal.append(JournalEntry(app: "ring", kind: .toast(style: "info")))
    #expect(stored.seq == 42)
    // And after a torn fragment that follows the long line.
    let handle = try FileHandle(forWritingTo: temp.world.journalFile)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("{\"detail\":\"".utf8) + Data(repeating: UInt8(ascii: "y"), count: 5000))
    try handle.close()
    #expect(try journal.append(JournalEntry(app: "bitkit", kind: .keychain(.add))).seq == 43)
    #expect(try journal.read().entries.map(\.seq) == Array(1...43))
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
    let journal = Journal(world: temp.world, process: SimulatedProcess())
    try DeviceClock(world: temp.world).advance(by: 1500)
    let stored = try journal.append(JournalEntry(app: "ring", kind: .toast(style: "info")))
    #expect(stored.clock == 1500)
    #expect(stored.time == 1_767_225_601.5)
    #expect(stored.run == nil)
}

/// Runs are numbered by the world in the order they first need a pid, not by the kernel: every
/// entry of one run has its pid, the next run the next one, and no serving-process run number
/// reaches the journal.
@Test func journalEntriesCarryTheRunsSimulatedPidInTheWorldsOrder() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let first = Journal(world: temp.world, process: SimulatedProcess())
    let second = Journal(world: temp.world, process: SimulatedProcess())
    let a = try first.append(JournalEntry(app: "ring", kind: .navigation))
    let b = try second.append(JournalEntry(app: "bitkit", kind: .navigation))
    let c = try first.append(JournalEntry(app: "ring", kind: .navigation))
    #expect([a.pid, b.pid, c.pid] == [1, 2, 1])
    #expect(a.pid != getpid())
}

/// A run holding its liveness lock is alive to every other run; once it ends, or its process
/// dies, it is not, and the lock file goes with it.
@Test func aRunIsAliveWhileItHoldsItsLivenessLock() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let owner = SimulatedProcess()
    try owner.holdLiveness(in: temp.world)
    let pid = try owner.pid(in: temp.world)
    #expect(SimulatedProcess.isAlive(pid: pid, in: temp.world))
    owner.end()
    #expect(!SimulatedProcess.isAlive(pid: pid, in: temp.world))
    #expect(
        !FileManager.default.fileExists(atPath: temp.world.simFolder.appendingPathComponent("running/\(pid).lock").path)
    )
    #expect(!SimulatedProcess.isAlive(pid: 99, in: temp.world))
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

@Test func anSDKFaultAfterNLetsTheFirstNMatchingCallsPass() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let store = DeviceStore(world: temp.world)
    try store.update {
        $0.sdkFaults = [SDKFault(app: .bitkit, name: "contact-save", remaining: 1, skip: 2)]
    }
    let environment = AppEnvironment(world: temp.world, app: .bitkit, run: .standalone)
    #expect(!environment.consumeSDKFault("sign-in"))
    let calls = (1...4).map { _ in environment.consumeSDKFault("contact-save") }
    #expect(calls == [false, false, true, false])
    #expect(try store.read().sdkFaults.isEmpty)
}
