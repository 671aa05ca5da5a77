import Foundation
import Synchronization

/// The other executables of this build (`bitkit-sim`, `ring-sim`, `simctl`), which live in the same
/// folder: how one tool runs another, e.g. `simctl open-url` running the receiving app's link handling.
public enum SiblingTool {
    /// The folder of the running executable.
    public static let directory: URL = executable.deletingLastPathComponent()

    /// The folder of the tools the tests run: `SIM_BIN` when it names one holding `simctl` (as for
    /// `scripts/qa`; `scripts/test` points it at the release build), else the nearest folder at or
    /// above the running executable's that holds `simctl` — the build's products folder, also when
    /// the running executable is a test bundle inside it.
    public static let productsDirectory: URL = toolsFolder(
        named: ProcessInfo.processInfo.environment["SIM_BIN"], searchingUpFrom: directory)

    /// `named` when it is a folder holding `simctl`, else the nearest folder at or above `start` that
    /// holds one (`start` itself when none does).
    static func toolsFolder(named: String?, searchingUpFrom start: URL) -> URL {
        func holdsSimctl(_ folder: URL) -> Bool {
            FileManager.default.isExecutableFile(
                atPath: folder.appendingPathComponent("simctl", isDirectory: false).path)
        }
        if let named, !named.isEmpty {
            let folder = URL(fileURLWithPath: named, isDirectory: true)
            if holdsSimctl(folder) { return folder }
        }
        var folder = start
        while folder.path != "/" {
            if holdsSimctl(folder) { return folder }
            folder = folder.deletingLastPathComponent()
        }
        return start
    }

    private static var executable: URL {
        #if os(Linux)
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        #endif
    }

    /// What a finished tool printed.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `name arguments…` to completion with `environment`, capturing its output.
    public static func run(_ name: String, _ arguments: [String], environment: [String: String]) throws -> Result {
        try run(
            executable: directory.appendingPathComponent(name, isDirectory: false), arguments, environment: environment)
    }

    /// Runs `executable arguments…` to completion and captures its output: `environment` replaces
    /// this process's (nil: inherited), `stdin` is what it reads (nil: nothing), `directory` its
    /// current folder (nil: this process's). Both outputs are drained at once, so a child that
    /// fills one while the other is read cannot block forever.
    public static func run(
        executable: URL, _ arguments: [String], environment: [String: String]? = nil, stdin: FileHandle? = nil,
        directory: URL? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = stdin ?? FileHandle.nullDevice
        let (output, errors) = try Process.launchingAlone {
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            return (output.fileHandleForReading, errors.fileHandleForReading)
        }
        let stderr = Drained()
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) { stderr.set(errors.readDataToEndOfFile()) }
        let stdout = output.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr.data, as: UTF8.self))
    }

    /// What the concurrent reader collected.
    private final class Drained: Sendable {
        private let collected = Mutex(Data())
        var data: Data { collected.withLock { $0 } }
        func set(_ data: Data) { collected.withLock { $0 = data } }
    }
}
