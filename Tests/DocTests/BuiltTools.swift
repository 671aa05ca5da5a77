import Foundation
import SimCLI

/// The built executables (next to the test bundle) and a way to run one.
enum BuiltTools {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The folder holding `simctl`, `bitkit-sim` and `ring-sim`.
    static let directory: URL = SiblingTool.productsDirectory

    /// The repository root (three levels above this file).
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ tool: String, _ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = directory.appendingPathComponent(tool)
        process.arguments = arguments
        let (out, err) = try Process.launchingAlone {
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            return (out, err)
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
