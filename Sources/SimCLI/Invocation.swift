import Device
import Foundation

/// The context of one run: the world, the output mode and where text goes.
public struct Invocation: Sendable {
    /// The tool name and command path, e.g. `["simctl", "keychain", "list"]`.
    public let path: [String]
    public let world: World
    /// `--world` was given explicitly.
    public let worldGiven: Bool
    /// `--json`: print a machine-readable snapshot instead of text.
    public let json: Bool

    public init(path: [String], world: World, worldGiven: Bool, json: Bool) {
        self.path = path
        self.world = world
        self.worldGiven = worldGiven
        self.json = json
    }

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

    private final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var stdout = ""
        private(set) var stderr = ""

        func add(_ text: String, error: Bool) {
            lock.lock()
            defer { lock.unlock() }
            if error { stderr += text } else { stdout += text }
        }
    }
}
