import WorldFiles

/// What a command that failed tells its user: one sentence, the exit code of its kind of failure
/// (DESIGN §8: 1 internal, 2 usage, 3 world) and at most one hint line. Printed as text on stderr;
/// with `--json` also as `{"error":{"message","exitCode","hint"}}` on stdout, so a script gets
/// structure and the exit code in one place.
public struct ErrorReport: Encodable, Equatable, Sendable {
    public var message: String
    public var exitCode: Int32
    /// What to read next, e.g. "See `simctl race --help`."; nil when the message says it all.
    public var hint: String?

    public init(message: String, exitCode: Int32, hint: String? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.hint = hint
    }

    /// The report of `error` from the command at `command` (e.g. `simctl race`).
    public init(_ error: Error, command: String) {
        switch error {
        case let error as CLIError:
            message = error.description
            if case .usage = error {
                exitCode = 2
                hint = "See `\(command) --help`."
            } else {
                exitCode = 1
            }
        case let error as WorldError:
            message = error.description
            exitCode = 3
        case let error as InputError:
            // An input the user named that cannot be used is a usage error like a bad argument.
            message = error.description
            exitCode = 2
            hint = "See `\(command) --help`."
        case let error as CustomStringConvertible:
            message = error.description
            exitCode = 1
        default:
            message = "\(error)"
            exitCode = 1
        }
    }

    /// The stderr text: `error: MESSAGE` and the hint on its own line.
    public var text: String {
        "error: \(message)\n" + (hint.map { "\($0)\n" } ?? "")
    }

    /// `{"error":{…}}` with `hint` null when there is none (a key that is always there is easier to
    /// read from a script than one that comes and goes).
    public var json: String {
        struct Envelope: Encodable {
            var error: ErrorReport
        }
        return (try? Invocation.jsonString(Envelope(error: self))) ?? #"{"error":{"exitCode":1}}"#
    }

    private enum CodingKeys: String, CodingKey { case message, exitCode, hint }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(message, forKey: .message)
        try container.encode(exitCode, forKey: .exitCode)
        try container.encode(hint, forKey: .hint)
    }
}
