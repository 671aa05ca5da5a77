import Foundation
import Simulation
import WorldFiles

/// `TOOL --serve`: a long-lived process that answers commands read from stdin, one JSON request per
/// line, with one JSON reply per line on stdout. The race harness keeps one per app and lane so an
/// iteration does not pay a process start-up per action.
///
/// Each command is one app run (`RunContext`, numbered 1, 2, …): its settings come from the
/// request's `environment` and reach the command as a value — the process's own environment is
/// never changed. Its output is collected rather than printed, and nothing of the app survives it in
/// memory: every command builds the app afresh from the world's files, exactly as a new process
/// does. The process id is shared, so journal entries and in-flight markers carry the run number to
/// tell runs apart.
public struct ToolServer: Sendable {
    /// One command: its arguments (without the program name) and the variables it runs with (the
    /// names `RunContext` reads; none when absent).
    public struct Request: Codable, Sendable {
        public var arguments: [String]
        public var environment: [String: String]

        public init(arguments: [String], environment: [String: String] = [:]) {
            self.arguments = arguments
            self.environment = environment
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            arguments = try container.decode([String].self, forKey: .arguments)
            environment = try container.decodeIfPresent([String: String].self, forKey: .environment) ?? [:]
        }
    }

    /// What the command did, as a process's exit code and output.
    public struct Reply: Codable, Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    public let tool: Tool
    /// The serving process's own run variables (e.g. `SIM_NO_FSYNC`), under each request's.
    public let base: [String: String]

    public init(tool: Tool, base: [String: String] = [:]) {
        self.tool = tool
        self.base = base
    }

    /// Answers requests until `input` (stdin) ends, writing each reply line with `write`; returns the
    /// process's exit code. A request line is at most `InputLimit.serveRequest`: a longer one is
    /// answered with status 2 and skipped without being held in memory.
    public func serve(
        input: Int32 = STDIN_FILENO, write: (Data) -> Void = { FileHandle.standardOutput.write($0) }
    ) -> Int32 {
        let encoder = JSONEncoder()
        var runs: UInt32 = 0
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
                case .success(let request):
                    runs += 1
                    reply = answer(request, run: runs)
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

    /// Runs one request as the app run numbered `run`.
    public func answer(_ request: Request, run: UInt32) -> Reply {
        let context: RunContext
        do {
            context = try RunContext(
                variables: base.merging(request.environment) { _, request in request }, number: run)
        } catch {
            return Reply(status: 2, stdout: "", stderr: "error: \(error)\n")
        }
        let result = InputLimit.$standardInputInUse.withValue(
            "standard input carries this serving process's requests, so `-` cannot be read here; name a file"
        ) { Output.collecting { tool.run(request.arguments, context: context) } }
        return Reply(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }
}
