import Foundation
import Simulation
import Synchronization
import WorldFiles

/// The context of one run: the world, the output mode and where text goes.
public struct Invocation: Sendable {
    /// The tool name and command path, e.g. `["simctl", "keychain", "list"]`.
    public let path: [String]
    public let world: World
    /// `--world` was given explicitly.
    public let worldGiven: Bool
    /// `--json`: print a machine-readable snapshot instead of text.
    public let json: Bool
    /// The run this command is (run number, durability, race scheduling).
    public let run: RunContext
    /// `bitkit-sim --package P`: the Bitkit flavour package to act as when several are installed
    /// (Android, spec/07 §1.1).
    public let package: String?

    public init(
        path: [String], world: World, worldGiven: Bool, json: Bool, run: RunContext = .standalone,
        package: String? = nil
    ) {
        self.path = path
        self.world = world
        self.worldGiven = worldGiven
        self.json = json
        self.run = run
        self.package = package
    }

    /// The journal as this run writes it.
    public var journal: Journal { Journal(world: world, process: run.process) }

    /// Prints `text` in text mode, or `value` as pretty JSON with `--json`.
    public func emit<Value: Encodable>(_ value: Value, text: @autoclosure () -> String) throws {
        if json {
            Output.write(try Self.jsonString(value) + "\n")
        } else {
            let rendered = text()
            Output.write(rendered.hasSuffix("\n") || rendered.isEmpty ? rendered : rendered + "\n")
        }
    }

    /// Pretty, key-sorted JSON without escaped slashes: stable for scripts and diffs.
    public static func jsonString<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// Unbuffered writes to stdout and stderr, so output interleaves correctly with child processes;
/// while a serving process answers a command (`ToolServer`), the command's text is collected instead.
public enum Output {
    public static func write(_ text: String) {
        if let collector { collector.add(text, error: false) } else { FileHandle.standardOutput.write(Data(text.utf8)) }
    }

    public static func error(_ text: String) {
        if let collector { collector.add(text, error: true) } else { FileHandle.standardError.write(Data(text.utf8)) }
    }

    /// Bound for the command being served: task-local, so only that command's writes land in it.
    @TaskLocal private static var collector: Collector?

    /// Runs `body`, returning what it wrote instead of printing it.
    static func collecting(_ body: () -> Int32) -> (status: Int32, stdout: String, stderr: String) {
        let collector = Collector()
        let status = $collector.withValue(collector) { body() }
        return (status, collector.stdout, collector.stderr)
    }

    private final class Collector: Sendable {
        private let texts = Mutex<(stdout: String, stderr: String)>(("", ""))

        var stdout: String { texts.withLock { $0.stdout } }
        var stderr: String { texts.withLock { $0.stderr } }

        func add(_ text: String, error: Bool) {
            texts.withLock { texts in
                if error { texts.stderr += text } else { texts.stdout += text }
            }
        }
    }
}
