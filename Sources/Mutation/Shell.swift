import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a command (found on PATH) with a time limit, its output in files rather than pipes (a long
/// build must never block on a full pipe).
enum Shell {
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
        var timedOut: Bool
        var seconds: Double
    }

    /// `output`: where stdout and stderr go as well (the build log); the result still holds both.
    static func run(
        _ command: String, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
        timeout: TimeInterval, output: URL? = nil
    ) -> Result {
        let started = Date()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mutate-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outFile = scratch.appendingPathComponent("out", isDirectory: false)
        let errFile = scratch.appendingPathComponent("err", isDirectory: false)
        _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        let process = Process()
        process.executableURL =
            command.hasPrefix("/") ? URL(fileURLWithPath: command) : URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command.hasPrefix("/") ? arguments : [command] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        if let directory { process.currentDirectoryURL = directory }
        guard let out = try? FileHandle(forWritingTo: outFile), let err = try? FileHandle(forWritingTo: errFile) else {
            return Result(status: 127, stdout: "", stderr: "cannot create output files", timedOut: false, seconds: 0)
        }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Result(
                status: 127, stdout: "", stderr: "cannot run \(command): \(error)", timedOut: false, seconds: 0)
        }
        try? out.close()
        try? err.close()
        var timedOut = false
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                kill(process.processIdentifier, SIGKILL)
                timedOut = true
                break
            }
            usleep(2000)
        }
        let waitEnd = Date().addingTimeInterval(10)
        while process.isRunning, Date() < waitEnd { usleep(2000) }
        let stdout = (try? String(contentsOf: outFile, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOf: errFile, encoding: .utf8)) ?? ""
        if let output { try? Data((stdout + stderr).utf8).write(to: output) }
        let status = process.isRunning ? -9 : process.terminationStatus
        return Result(
            status: timedOut ? -9 : status, stdout: stdout, stderr: stderr, timedOut: timedOut,
            seconds: Date().timeIntervalSince(started))
    }
}
