import Foundation
import Scenarios
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The write end of the pipe SIGTERM is reported on; -1 until `serveStandardIO` makes it.
private let terminationPipe = Atomic<Int32>(-1)
/// Where protocol messages go: the original stdout, kept apart from descriptor 1 (see below).
private let messages = Atomic<Int32>(STDOUT_FILENO)

extension MCPServer {
    /// Serves stdin/stdout as `simctl mcp` does and returns the exit code. A client that goes away
    /// mid-call (stdout closed) ends the server quietly after the call; SIGTERM ends it after the
    /// call in progress is answered — an app action is never cut short by this process (DESIGN §6).
    public static func serveStandardIO(tools: AgentTools) -> Int32 {
        // A setup's scratch folders are removed when its call completes, and SIGTERM waits for that.
        InterruptCleanup.leaveInterruptsToTheServer()
        // A closed stdout must fail a write, not kill the process before the world is consistent.
        signal(SIGPIPE, SIG_IGN)
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return 1 }
        // Children must not hold the pipe (nor the messages' stdout below) open.
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        terminationPipe.store(descriptors[1], ordering: .relaxed)
        signal(SIGTERM) { _ in
            var byte: UInt8 = 1
            _ = write(terminationPipe.load(ordering: .relaxed), &byte, 1)
        }
        // A parent may have started this process with signals blocked (Foundation's Process does):
        // SIGTERM must reach the handler.
        var terminate = sigset_t()
        sigemptyset(&terminate)
        sigaddset(&terminate, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &terminate, nil)
        // Only messages may reach stdout: they go to a copy of it, and descriptor 1 becomes stderr, so
        // nothing else this process or a child it starts writes can corrupt the stream.
        let original = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        if original >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 { messages.store(original, ordering: .relaxed) }
        let server = MCPServer(tools: tools, write: writeAll)
        return server.serve(input: STDIN_FILENO, interrupt: descriptors[0])
    }

    /// Writes a whole line to stdout; false when the client has gone.
    private static func writeAll(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            guard var pointer = raw.baseAddress else { return true }
            var left = raw.count
            while left > 0 {
                let written = write(messages.load(ordering: .relaxed), pointer, left)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                pointer += written
                left -= written
            }
            return true
        }
    }
}
