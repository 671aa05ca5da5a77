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

    /// Answers requests until stdin ends; returns the process's exit code.
    public func serve() -> Int32 {
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        while let line = readLine(strippingNewline: true) {
            if line.isEmpty { continue }
            let reply: Reply
            if let request = try? decoder.decode(Request.self, from: Data(line.utf8)) {
                reply = answer(request)
            } else {
                reply = Reply(status: 2, stdout: "", stderr: "error: malformed request: \(line.prefix(200))\n")
            }
            guard var data = try? encoder.encode(reply) else { return 1 }
            data.append(UInt8(ascii: "\n"))
            FileHandle.standardOutput.write(data)
        }
        return 0
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
