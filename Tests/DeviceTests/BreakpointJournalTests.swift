import ContractNames
import Device
import Foundation
import Simulation
import Testing
import WorldFiles

#if canImport(Glibc)
    import Glibc
#endif

/// A process stopped at a breakpoint journals its pause before anyone can see it paused, so the
/// `continue` a waiter sends after seeing it comes later in the journal on every run. When the line
/// was written after the pause became visible, a loaded machine let `simctl continue` in first and
/// the served and per-action runs of M13 left different journals.
@Suite struct BreakpointJournalTests {
    /// An exclusive flock of `path` on a descriptor of its own (as another process would hold it).
    static func lock(_ path: String, blocking: Bool) -> Int32? {
        let fd = open(path, O_RDWR | O_CREAT, 0o644)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_EX | (blocking ? 0 : LOCK_NB)) == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    static func unlock(_ fd: Int32) {
        flock(fd, LOCK_UN)
        close(fd)
    }

    /// The device state as its file holds it, read without its lock: what a waiter sees once the
    /// lock is free.
    static func committed(_ world: World) -> DeviceState? {
        guard let data = try? Data(contentsOf: world.deviceFile) else { return nil }
        return try? JSONDecoder().decode(DeviceState.self, from: data)
    }

    /// Polls every millisecond until `condition` holds; false (and an issue) after a hang guard of two
    /// minutes' worth of polls, far above any wait here on a loaded machine.
    static func poll(_ what: String, until condition: () throws -> Bool) rethrows -> Bool {
        for _ in 0..<120_000 {
            if try condition() { return true }
            usleep(1_000)
        }
        Issue.record("never saw \(what)")
        return false
    }

    @Test func aPauseIsInTheJournalBeforeAnyoneCanSeeIt() throws {
        let temp = try TemporaryWorld()
        defer { temp.cleanup() }
        let world = temp.world
        let store = DeviceStore(world: world)
        let point = BitkitCheckpoint.pickBeforeRead
        try store.update { $0.breakpoints = [Breakpoint(app: .bitkit, checkpoint: point.rawValue, hits: 1)] }
        let environment = AppEnvironment(world: world, app: .bitkit, run: .standalone)
        let finished = DispatchSemaphore(value: 0)

        let lockPath = world.deviceLockFile.path
        // The device held first: the app journals its checkpoint, then waits to read its breakpoints.
        let device = try #require(Self.lock(lockPath, blocking: true))
        Thread.detachNewThread {
            environment.checkpoint(point)
            finished.signal()
        }
        let journalled = try Self.poll("the checkpoint's line") {
            try Journal(world: world).read().entries.contains { $0.kind == .checkpoint(point.rawValue) }
        }
        guard journalled else { return Self.unlock(device) }
        // Then the journal held, as a busy writer would: the app cannot write its pause line until it
        // is let go.
        let journal = try #require(Self.lock(world.journalFile.path, blocking: true))
        Self.unlock(device)
        // Until the app waits for the journal inside the device's lock (its pause not yet visible),
        // or shows itself paused without its line (the race).
        var heldInARow = 0
        _ = Self.poll("the app waiting for the journal or paused") {
            if Self.committed(world)?.paused.isEmpty == false {
                Issue.record("the pause was visible before its journal line was written")
                return true
            }
            if let fd = Self.lock(lockPath, blocking: false) {
                Self.unlock(fd)
                heldInARow = 0
            } else {
                heldInARow += 1
            }
            return heldInARow >= 100
        }
        Self.unlock(journal)

        // Now as `simctl wait-paused` and `continue` do: see it paused, then let it go.
        guard try Self.poll("the pause", until: { !(try store.read()).paused.isEmpty }) else { return }
        let lines = try Journal(world: world).read().entries
        #expect(lines.contains { $0.kind == .breakpoint(.paused) && $0.detail == point.rawValue })
        try store.update { $0.paused.removeAll() }
        finished.wait()
        #expect(try Journal(world: world).read().entries.last?.kind == .breakpoint(.resumed))
    }
}
