import Foundation

/// The other executables of this build (`bitkit-sim`, `ring-sim`, `simctl`), which live in the same
/// folder: how one tool runs another, e.g. `simctl open-url` running the receiving app's link handling.
public enum SiblingTool {
    /// The folder of the running executable.
    public static let directory: URL = executable.deletingLastPathComponent()

    /// The nearest folder at or above the running executable's that holds `simctl`: the build's
    /// products folder, also when the running executable is a test bundle inside it.
    public static let productsDirectory: URL = {
        var folder = directory
        while folder.path != "/" {
            if FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("simctl").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return directory
    }()

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
        let process = Process()
        process.executableURL = directory.appendingPathComponent(name)
        process.arguments = arguments
        process.environment = environment
        let (output, errors) = try Process.launchingAlone {
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            try process.run()
            return (output, errors)
        }
        // An app's screen and notes are small; stdout is drained first, stderr (a line or two) after.
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
