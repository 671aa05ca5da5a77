import Foundation
import Testing

/// The end-to-end helper itself: a child that fills its stderr pipe before it closes stdout must not
/// deadlock the test that reads it.
@Suite struct SimHelperTests {
    @Test func aChildWritingMegabytesToStderrBeforeStdoutEndsIsReadWithoutDeadlock() throws {
        let finished = DispatchSemaphore(value: 0)
        let result = Box()
        Thread {
            // 1 MB on stderr (a pipe holds 64 KiB) while stdout is still open, then one stdout line.
            result.run = try? Sim.run(
                executable: URL(fileURLWithPath: "/bin/sh"),
                ["-c", "head -c 1000000 /dev/zero >&2; echo done"])
            finished.signal()
        }.start()
        let ended = finished.wait(timeout: .now() + 30) == .success
        #expect(ended, "Sim.run did not return: it blocked on one pipe while the child filled the other")
        guard ended, let run = result.run else { return }
        #expect(run.status == 0)
        #expect(run.stdout == "done\n")
        #expect(run.stderr.utf8.count == 1_000_000)
    }

    private final class Box: @unchecked Sendable {
        var run: Sim.Run?
    }
}
