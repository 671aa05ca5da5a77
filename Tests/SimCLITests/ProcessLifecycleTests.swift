import Foundation
import SimCLI
import Synchronization
import Testing

/// Waiting for a child is always bounded: the harness never hangs on one process.
@Test func waitingForAProcessToEndIsBoundedAndReadsItsStatusOnlyOnceEnded() throws {
    let slow = Process()
    slow.executableURL = URL(fileURLWithPath: "/bin/sleep")
    slow.arguments = ["5"]
    try slow.runAlone()
    let started = Date()
    #expect(!slow.waitForExit(within: 0.2))
    #expect(Date().timeIntervalSince(started) < 2)
    #expect(slow.status(or: -9) == -9)
    slow.terminate()
    #expect(slow.waitForExit(within: 5))

    let quick = Process()
    quick.executableURL = URL(fileURLWithPath: "/bin/sh")
    quick.arguments = ["-c", "exit 3"]
    try quick.runAlone()
    #expect(quick.waitForExit(within: 5))
    #expect(quick.status(or: -9) == 3)
}

/// A pipe made by one thread while another launches a long-lived child must not leak into that
/// child: the pipe's reader would then wait for the long-lived child to end, not its own.
@Test func pipesMadeWhileAnotherThreadLaunchesEndWithTheirOwnChild() throws {
    let sleepers = Mutex<[Process]>([])
    let slowest = Mutex(0.0)
    DispatchQueue.concurrentPerform(iterations: 8) { lane in
        for round in 0..<25 {
            if lane < 2 {
                // Long-lived children, launched all the time on other threads.
                let sleeper = Process()
                sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
                sleeper.arguments = ["20"]
                sleeper.standardOutput = FileHandle.nullDevice
                sleeper.standardError = FileHandle.nullDevice
                if (try? sleeper.runAlone()) != nil { sleepers.withLock { $0.append(sleeper) } }
                continue
            }
            let echo = Process()
            echo.executableURL = URL(fileURLWithPath: "/bin/echo")
            echo.arguments = ["\(lane).\(round)"]
            guard
                let output = try? Process.launchingAlone({
                    let output = Pipe()
                    echo.standardOutput = output
                    try echo.run()
                    return output
                })
            else { continue }
            let started = Date()
            _ = output.fileHandleForReading.readDataToEndOfFile()
            let seconds = Date().timeIntervalSince(started)
            slowest.withLock { $0 = max($0, seconds) }
            _ = echo.waitForExit(within: 5)
        }
    }
    for sleeper in sleepers.withLock({ $0 }) {
        sleeper.terminate()
        #expect(sleeper.waitForExit(within: 5))
    }
    #expect(slowest.withLock { $0 } < 10)
}

/// The test runner's threads block nearly every signal, and a child inherits its launcher's mask:
/// a child started alone must still end on `terminate()` (SIGTERM), not run to its end.
@Test func aChildLaunchedFromAWorkerThreadEndsOnTerminate() throws {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/sleep")
    child.arguments = ["10"]
    child.standardOutput = FileHandle.nullDevice
    try child.runAlone()
    let started = Date()
    child.terminate()
    #expect(child.waitForExit(within: 5))
    #expect(Date().timeIntervalSince(started) < 3)
    #expect(child.terminationReason == .uncaughtSignal)
    #expect(child.terminationStatus == SIGTERM)
}
