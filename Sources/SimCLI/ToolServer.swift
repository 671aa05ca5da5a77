import Device
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `TOOL --serve`: a long-lived process that answers commands read from stdin, one JSON request per
/// line, with one JSON reply per line on stdout. The race harness keeps one per app and lane so an
/// iteration does not pay a process start-up per action.
///
/// Each command is one app run (`ProcessRun`): the request's environment is set for it alone, its
/// output is collected rather than printed, and nothing of the app survives it in memory — every
/// command builds the app afresh from the world's files, exactly as a new process does. The process
/// id is shared, so journal entries and in-flight markers carry the run number to tell runs apart.
public struct ToolServer: Sendable {
    /// One command: its arguments (without the program name) and the environment it runs with.
    public struct Request: Codable, Sendable {
        public var arguments: [String]
        public var environment: [String: String]

        public init(arguments: [String], environment: [String: String] = [:]) {
            self.arguments = arguments
            self.environment = environment
        }
    }

    /// What the command did, as a process's exit code and output.
    public struct Reply: Codable, Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    public let tool: Tool

    public init(tool: Tool) { self.tool = tool }

    /// Answers requests until `input` (stdin) ends, writing each reply line with `write`; returns the
    /// process's exit code. A request line is at most `InputLimit.serveRequest`: a longer one is
    /// answered with status 2 and skipped without being held in memory.
    public func serve(
        input: Int32 = STDIN_FILENO, write: (Data) -> Void = { FileHandle.standardOutput.write($0) }
    ) -> Int32 {
        let encoder = JSONEncoder()
        var lines = RequestLineReader(descriptor: input, limit: InputLimit.serveRequest.bytes)
        while let next = lines.next() {
            let reply: Reply
            switch next {
            case .tooLong:
                reply = Reply(
                    status: 2, stdout: "",
                    stderr:
                        "error: a request line is over \(InputLimit.serveRequest.phrase) and was skipped; send one JSON request per line.\n"
                )
            case .line(let bytes):
                if bytes.isEmpty { continue }
                switch Self.request(bytes) {
                case .success(let request): reply = answer(request)
                case .failure(let refusal): reply = refusal.reply
                }
            }
            guard var data = try? encoder.encode(reply) else { return 1 }
            data.append(UInt8(ascii: "\n"))
            write(data)
        }
        return 0
    }

    /// A request line that is not a request.
    public struct MalformedRequest: Error {
        public var reply: Reply
    }

    /// Decodes one request line (without its newline).
    public static func request(_ line: [UInt8]) -> Result<Request, MalformedRequest> {
        guard let request = try? JSONDecoder().decode(Request.self, from: Data(line)) else {
            let shown = String(decoding: line.prefix(200), as: UTF8.self)
            return .failure(
                MalformedRequest(reply: Reply(status: 2, stdout: "", stderr: "error: malformed request: \(shown)\n")))
        }
        return .success(request)
    }

    /// Runs one request as one app run.
    public func answer(_ request: Request) -> Reply {
        // The process's own values, restored afterwards (nil: the variable was not set).
        let previous = request.environment.map { name, _ in (name, getenv(name).map { String(cString: $0) }) }
        for (name, value) in request.environment { setenv(name, value, 1) }
        defer {
            for (name, value) in previous {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        ProcessRun.begin()
        let result = Output.collecting { tool.run(request.arguments) }
        return Reply(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }
}
