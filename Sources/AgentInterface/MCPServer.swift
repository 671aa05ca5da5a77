import Foundation
import SimCLI
import WorldFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `simctl mcp`: a Model Context Protocol server on stdin/stdout (spec/10 §1). JSON-RPC 2.0, one
/// message per line, answered one at a time in order; nothing but messages on stdout. The lifecycle
/// (`initialize`, `notifications/initialized`), `ping`, `tools/list` and `tools/call` as the MCP
/// specification has them; protocol errors as JSON-RPC errors, a tool that runs and fails as an
/// `isError` result carrying the CLI's message.
public final class MCPServer {
    /// The protocol versions this server speaks, oldest first; an unknown one is answered with the newest.
    public static let versions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
    public static let name = "pubky-sim"

    /// JSON-RPC error codes (and the MCP one for a request before `initialize`).
    enum Code: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case notInitialized = -32002
    }

    private let tools: AgentTools
    private let write: (Data) -> Bool
    private var initialized = false
    private var version: String?

    /// `write` sends one line (false when the client has gone).
    public init(tools: AgentTools, write: @escaping (Data) -> Bool) {
        self.tools = tools
        self.write = write
    }

    /// Serves messages from `input` until it ends (or `interrupt` becomes readable); returns the exit code.
    public func serve(input: Int32 = STDIN_FILENO, interrupt: Int32? = nil) -> Int32 {
        var lines = RequestLineReader(descriptor: input, limit: InputLimit.serveRequest.bytes, interrupt: interrupt)
        defer { tools.close() }
        while let next = lines.next() {
            let reply: JSONValue?
            switch next {
            case .tooLong:
                reply = Self.error(
                    nil, .invalidRequest,
                    "A message line is over \(InputLimit.serveRequest.phrase) and was skipped: send one JSON-RPC message per line."
                )
            case .line(let bytes):
                if bytes.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { continue }
                reply = handle(bytes)
            }
            if let reply, !send(reply) { return 0 }
        }
        return 0
    }

    private func send(_ message: JSONValue) -> Bool {
        var line = message.canonical()
        line.append(UInt8(ascii: "\n"))
        return write(line)
    }

    /// The answer to one message line; nil for a notification or a client's response.
    func handle(_ bytes: [UInt8]) -> JSONValue? {
        guard let message = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else {
            let shown = String(decoding: bytes.prefix(80), as: UTF8.self)
            return Self.error(nil, .parseError, "Parse error: the line is not JSON (\(shown)).")
        }
        guard case .object(let object) = message else {
            return Self.error(
                nil, .invalidRequest,
                message.array != nil
                    ? "Batches are not supported: send one JSON-RPC message per line."
                    : "Invalid request: a message is a JSON object.")
        }
        let id = object["id"]
        if let id, !Self.isValidID(id) {
            return Self.error(nil, .invalidRequest, "Invalid request: id must be a string or a number.")
        }
        guard object["jsonrpc"] == "2.0" else {
            return Self.error(id, .invalidRequest, "Invalid request: jsonrpc must be \"2.0\".")
        }
        guard let method = object["method"]?.string else {
            // A response to something we never asked, or nonsense without a method.
            if object["result"] != nil || object["error"] != nil { return nil }
            return Self.error(id, .invalidRequest, "Invalid request: method is missing.")
        }
        let params = object["params"] ?? .object([:])
        guard let id else {
            notification(method)
            return nil
        }
        guard params.object != nil else {
            return Self.error(id, .invalidParams, "Invalid params: params must be an object.")
        }
        switch method {
        case "initialize": return initialize(id, params)
        case "ping": return Self.result(id, .object([:]))
        case "tools/list", "tools/call":
            guard initialized else {
                return Self.error(id, .notInitialized, "The server is not initialized: send initialize first.")
            }
            return method == "tools/list"
                ? Self.result(id, ["tools": .array(ToolCatalogue.tools.map(\.listing))]) : call(id, params)
        default:
            return Self.error(
                id, .methodNotFound,
                "Method not found: \(method) (this server has initialize, ping, tools/list and tools/call).")
        }
    }

    private func notification(_ method: String) {
        // notifications/initialized, notifications/cancelled (calls are answered one at a time, so
        // there is nothing to cancel) and any other: nothing to answer.
        if method == "notifications/initialized", version != nil { initialized = true }
    }

    private func initialize(_ id: JSONValue, _ params: JSONValue) -> JSONValue {
        guard version == nil else { return Self.error(id, .invalidRequest, "The server is already initialized.") }
        guard let requested = params["protocolVersion"]?.string else {
            return Self.error(id, .invalidParams, "Invalid params: missing argument 'protocolVersion' (string).")
        }
        let chosen = Self.versions.contains(requested) ? requested : Self.versions[Self.versions.count - 1]
        version = chosen
        // Calls are served from here on; a client that never sends notifications/initialized still works.
        initialized = true
        return Self.result(
            id,
            [
                "protocolVersion": .string(chosen),
                "capabilities": ["tools": ["listChanged": false]],
                "serverInfo": ["name": .string(Self.name), "version": .string(SimCLI.Tool.version)],
                "instructions": .string(
                    "The simulated phone: Bitkit (to.bitkit) and Pubky Ring (app.pubkyring). Use snapshot_ui to see the screen, tap and type_text to act, wait_for_ui to let simulated time pass; sim_setup prepares the world."
                ),
            ])
    }

    private func call(_ id: JSONValue, _ params: JSONValue) -> JSONValue {
        guard let name = params["name"]?.string else {
            return Self.error(id, .invalidParams, "Invalid params: missing argument 'name' (string): the tool to call.")
        }
        guard let tool = ToolCatalogue.tool(name) else {
            return Self.error(
                id, .invalidParams, "Invalid params: unknown tool '\(name)'; tools/list names the tools.")
        }
        let given = params["arguments"] ?? .object([:])
        guard let values = given == .null ? [:] : given.object else {
            return Self.error(id, .invalidParams, "Invalid params: arguments must be an object.")
        }
        do throws(ToolArguments.Invalid) {
            let arguments = try ToolArguments(tool, values)
            return Self.result(id, try tools.call(arguments).result)
        } catch {
            return Self.error(id, .invalidParams, "Invalid params: \(error.description).")
        }
    }

    private static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string, .int: true
        case .double(let number): number.rounded() == number
        default: false
        }
    }

    static func result(_ id: JSONValue, _ result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    static func error(_ id: JSONValue?, _ code: Code, _ message: String) -> JSONValue {
        ["jsonrpc": "2.0", "id": id ?? .null, "error": ["code": .int(code.rawValue), "message": .string(message)]]
    }
}
