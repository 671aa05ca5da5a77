import Foundation
import SimCLI
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Long-lived `--serve` processes of the app tools (`ToolServer`), lent out one command at a time.
/// The race harness uses them so an iteration's app actions do not each pay a process start-up:
/// each command is still one app run in a real process of its own, concurrent with the other app's.
/// A process that times out, is terminated or dies is discarded and replaced by a fresh one.
package final class ServingTools: Sendable {
    private struct Pool {
        package var idle: [Tool: [ServingProcess]] = [:]
        package var all: [ServingProcess] = []
    }

    private let binDirectory: URL
    private let durable: Bool
    private let pool = Mutex(Pool())

    /// `durable`: the processes fsync their writes (a world someone keeps, as `simctl mcp` serves);
    /// by default they do not (the harness's throwaway worlds).
    package init(binDirectory: URL, durable: Bool = false) {
        self.binDirectory = binDirectory
        self.durable = durable
        // A serving process that died must fail the write to its stdin, not kill the harness.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Sends `tool arguments…` to an idle serving process of `tool` (started if none is idle).
    package func start(_ tool: Tool, _ arguments: [String], environment: [String: String]) throws -> ServedCommand {
        let request = ToolServer.Request(arguments: arguments, environment: environment)
        let process = try take(tool)
        do {
            guard process.isRunning else { throw ServingProcess.Gone() }
            try process.send(request)
            return ServedCommand(process: process, pool: self, tool: tool)
        } catch {
            // An idle process that died (killed from outside) cannot take the request: a fresh one does.
            process.kill()
            let fresh = try take(tool, fresh: true)
            do {
                try fresh.send(request)
            } catch {
                fresh.kill()
                throw error
            }
            return ServedCommand(process: fresh, pool: self, tool: tool)
        }
    }

    /// Ends every serving process (stdin closed; killed if still running).
    package func shutdown() {
        let processes = pool.withLock { pool -> [ServingProcess] in
            let processes = pool.all
            pool = Pool()
            return processes
        }
        for process in processes { process.stop() }
    }

    fileprivate func giveBack(_ process: ServingProcess, tool: Tool) {
        pool.withLock { $0.idle[tool, default: []].append(process) }
    }

    private func take(_ tool: Tool, fresh: Bool = false) throws -> ServingProcess {
        if !fresh, let process = pool.withLock({ $0.idle[tool]?.popLast() }) { return process }
        let process = try ServingProcess(
            executable: binDirectory.appendingPathComponent(tool.rawValue, isDirectory: false), durable: durable)
        pool.withLock { pool in
            // Processes killed after a timeout are dropped here, closing their pipes.
            pool.all.removeAll { !$0.isRunning }
            pool.all.append(process)
        }
        return process
    }

    deinit { shutdown() }
}

/// A command sent to a serving process, answered on `wait`.
package struct ServedCommand {
    fileprivate let process: ServingProcess
    fileprivate let pool: ServingTools
    fileprivate let tool: Tool

    /// Waits up to `timeout` seconds for the reply; a late or dead process is killed and dropped.
    package func wait(timeout: TimeInterval) -> ToolProcess.Result {
        switch process.receive(timeout: timeout) {
        case .reply(let reply):
            pool.giveBack(process, tool: tool)
            return ToolProcess.Result(status: reply.status, stdout: reply.stdout, stderr: reply.stderr, timedOut: false)
        case .timedOut:
            process.kill()
            return ToolProcess.Result(status: -9, stdout: "", stderr: "", timedOut: true)
        case .ended(let status):
            return ToolProcess.Result(
                status: status, stdout: "", stderr: "the serving process ended without replying", timedOut: false,
                killed: process.endedBySIGKILL)
        }
    }

    /// Kills the serving process if the command is still running.
    package func terminate() { process.kill() }

    /// The serving process's id (for tests).
    package var pid: Int32 { process.pid }
}

/// One `TOOL --serve` child: requests on its stdin, replies on its stdout.
private final class ServingProcess: Sendable {
    package enum Received {
        case reply(ToolServer.Reply)
        case timedOut
        case ended(status: Int32)
    }

    private let process = Process()
    private let input: FileHandle
    /// The read end of the process's stdout; its descriptor is polled and read directly.
    private let readHandle: FileHandle
    private let output: Int32
    /// Bytes read past the last reply. One command at a time uses a process; the lock only makes
    /// that provable.
    private let pending = Mutex<[UInt8]>([])

    package init(executable: URL, durable: Bool) throws {
        process.executableURL = executable
        process.arguments = ["--serve"]
        // The worlds the harness creates are throwaway copies: no fsync (see RunContext.durable).
        var environment = ProcessEnvironment.inherited()
        if durable { environment["SIM_NO_FSYNC"] = nil } else { environment["SIM_NO_FSYNC"] = "1" }
        process.environment = environment
        let process = process
        let (stdin, stdout) = try Process.launchingAlone {
            let stdin = Pipe()
            let stdout = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = FileHandle.nullDevice
            try process.run()
            return (stdin, stdout)
        }
        input = stdin.fileHandleForWriting
        readHandle = stdout.fileHandleForReading
        output = readHandle.fileDescriptor
    }

    package func send(_ request: ToolServer.Request) throws {
        var line = try JSONEncoder().encode(request)
        line.append(UInt8(ascii: "\n"))
        try input.write(contentsOf: line)
    }

    package func receive(timeout: TimeInterval) -> Received {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let complete = pending.withLock { buffer -> Data? in
                guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
                let line = Data(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            if let line = complete {
                guard let reply = try? JSONDecoder().decode(ToolServer.Reply.self, from: line) else {
                    kill()
                    return .ended(status: 1)
                }
                return .reply(reply)
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return .timedOut }
            var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 1000).rounded(.up)))
            if ready < 0, errno != EINTR { return ended() }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(output, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return ended() }
            pending.withLock { $0.append(contentsOf: chunk[..<count]) }
        }
    }

    /// Thrown when an idle process is found dead before a request.
    package struct Gone: Error {}

    package var pid: Int32 { process.processIdentifier }
    package var isRunning: Bool { process.isRunning }
    /// Whether it ended by SIGKILL (from outside: the harness's own kills come after a timeout).
    package var endedBySIGKILL: Bool { process.endedBySIGKILL }

    /// Kills the process and reaps it.
    package func kill() {
        if process.isRunning { _ = Glibc_kill(process.processIdentifier, SIGKILL) }
        _ = process.waitForExit(within: 10)
    }

    /// Closes stdin so the process ends by itself; kills it if it does not soon.
    package func stop() {
        try? input.close()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { usleep(1_000) }
        kill()
    }

    private func ended() -> Received {
        // Its output ended: it has exited or is about to; SIGKILL if it still runs after a while.
        if !process.waitForExit(within: 10) { kill() }
        return .ended(status: process.status(or: -9))
    }

    private func Glibc_kill(_ pid: Int32, _ signal: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.kill(pid, signal)
        #else
            Darwin.kill(pid, signal)
        #endif
    }
}
