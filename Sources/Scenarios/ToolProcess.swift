import Foundation
import SimCLI
import WorldFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the real executables: in the foreground (waiting, capturing output) or in the background
/// (output to files, collected on `wait`).
package struct ToolProcess {
    package struct Result: Sendable {
        package var status: Int32
        package var stdout: String
        package var stderr: String
        package var timedOut: Bool
        /// Ended by SIGKILL from outside, not by the run's timeout (the app was killed while the
        /// command ran: `bitkit-sim kill` ends a process stopped at a breakpoint).
        package var killed = false
    }

    /// The folder of the running executable, where its sibling tools live.
    package static var binDirectory: URL { SiblingTool.directory }

    package let process: Process
    package let stdoutFile: URL
    package let stderrFile: URL

    /// Starts `tool arguments…` writing its output to temporary files.
    package static func start(
        _ tool: Tool, _ arguments: [String], binDirectory: URL, scratch: URL, environment: [String: String]? = nil
    ) throws -> ToolProcess {
        let process = Process()
        process.executableURL = binDirectory.appendingPathComponent(tool.rawValue, isDirectory: false)
        process.arguments = arguments
        // Every world the runner creates is a throwaway copy: its tools write without fsync, which
        // only guards against a power loss (atomic renames still guard against killed processes).
        process.environment = ProcessEnvironment.inherited().merging(
            (environment ?? [:]).merging(["SIM_NO_FSYNC": "1"]) { current, _ in current }
        ) { _, new in new }
        let id = UUID().uuidString
        let stdoutFile = scratch.appendingPathComponent("out-\(id)", isDirectory: false)
        let stderrFile = scratch.appendingPathComponent("err-\(id)", isDirectory: false)
        for file in [stdoutFile, stderrFile] {
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
            }
        }
        let output = try FileHandle(forWritingTo: stdoutFile)
        let errors = try FileHandle(forWritingTo: stderrFile)
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.runAlone()
        // The child has its own copies: holding ours until the process object goes away kept
        // hundreds of descriptors open in a long catalogue run.
        try? output.close()
        try? errors.close()
        return ToolProcess(process: process, stdoutFile: stdoutFile, stderrFile: stderrFile)
    }

    /// Waits up to `timeout` seconds, killing the process after that.
    package func wait(timeout: TimeInterval) -> Result {
        var timedOut = false
        if !process.waitForExit(within: timeout) {
            kill(process.processIdentifier, SIGKILL)
            timedOut = true
        }
        if !process.waitForExit(within: 10) { timedOut = true }
        let stdout = Self.output(stdoutFile)
        let stderr = Self.output(stderrFile)
        try? FileManager.default.removeItem(at: stdoutFile)
        try? FileManager.default.removeItem(at: stderrFile)
        return Result(
            status: timedOut ? -9 : process.status(or: -9), stdout: stdout, stderr: stderr, timedOut: timedOut,
            killed: !timedOut && process.endedBySIGKILL)
    }

    /// What the tool wrote to `file`, bounded (`InputLimit.toolOutput`): an endless output is reported,
    /// not loaded.
    package static func output(_ file: URL) -> String {
        do {
            return String(decoding: try BoundedFile.read(file.path, limit: InputLimit.toolOutput.bytes), as: UTF8.self)
        } catch .tooLarge {
            return "(output over \(InputLimit.toolOutput.phrase), not read)"
        } catch {
            return ""
        }
    }

    /// Kills the process if it still runs.
    package func terminate() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// A command a run started: a process of its own, or a command sent to a serving process.
package enum RunningTool {
    case process(ToolProcess)
    case served(ServedCommand)

    /// Waits up to `timeout` seconds, killing the process after that.
    package func wait(timeout: TimeInterval) -> ToolProcess.Result {
        switch self {
        case .process(let process): process.wait(timeout: timeout)
        case .served(let command): command.wait(timeout: timeout)
        }
    }

    /// Kills the process if the command still runs.
    package func terminate() {
        switch self {
        case .process(let process): process.terminate()
        case .served(let command): command.terminate()
        }
    }
}
