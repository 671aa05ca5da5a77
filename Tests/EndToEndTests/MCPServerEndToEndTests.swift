import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `simctl mcp` at the byte level (spec/10 §1): what no well-behaved client sends — malformed JSON, a
/// huge line, a batch — and what clients do to a server: hang up mid-call, send SIGTERM. Each gets a
/// clear answer and loses nothing. (The official client's tests are MCPClientEndToEndTests.)
@Suite struct MCPServerEndToEndTests {
    static let initialize =
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#
    static let initialized = #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#

    static func call(_ id: Int, _ tool: String, _ arguments: String = "{}") -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#
    }

    /// A running `simctl mcp` with pipes on both ends.
    final class Server {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        private var buffer = Data()

        init(world: URL) throws {
            process.executableURL = Sim.productsDirectory.appendingPathComponent("simctl")
            process.arguments = ["mcp", "--world", world.path]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        func send(_ line: String) throws { try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8)) }

        /// The next line on stdout, parsed.
        func receive() throws -> [String: Any] {
            while true {
                if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = buffer[buffer.startIndex..<newline]
                    buffer = Data(buffer[buffer.index(after: newline)...])
                    guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any] else {
                        throw Sim.SimError.notJSON(String(decoding: line, as: UTF8.self))
                    }
                    return object
                }
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { throw Sim.SimError.notJSON("end of output") }
                buffer.append(chunk)
            }
        }

        /// Closes stdin and waits for the exit status.
        func finish() -> Int32 {
            try? input.fileHandleForWriting.close()
            return wait()
        }

        func wait() -> Int32 {
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning, Date() < deadline { usleep(5_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            return process.terminationStatus
        }

        /// Everything left on stdout (after the process ended).
        func rest() -> String {
            String(decoding: buffer + output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
    }

    func errorCode(_ message: [String: Any]) -> Int? { (message["error"] as? [String: Any])?["code"] as? Int }
    func errorMessage(_ message: [String: Any]) -> String {
        (message["error"] as? [String: Any])?["message"] as? String ?? ""
    }

    @Test func malformedJSONABatchAndAnUnknownMethodAreAnsweredAndTheServerGoesOn() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let server = try Server(world: sim.world)
        try server.send(Self.initialize)
        #expect(try server.receive()["result"] != nil)
        try server.send("{\"jsonrpc\": \"2.0\", \"id\": 2, \"method\": ")
        let parse = try server.receive()
        #expect(errorCode(parse) == -32700)
        #expect(parse["id"] is NSNull)
        try server.send(#"[{"jsonrpc":"2.0","id":3,"method":"ping"}]"#)
        #expect(errorCode(try server.receive()) == -32600)
        try server.send(#"{"jsonrpc":"2.0","id":4,"method":"resources/list"}"#)
        let unknown = try server.receive()
        #expect(errorCode(unknown) == -32601)
        #expect(errorMessage(unknown).contains("resources/list"))
        try server.send(#"{"jsonrpc":"2.0","id":5,"method":"ping"}"#)
        let ping = try server.receive()
        #expect(ping["id"] as? Int == 5)
        #expect((ping["result"] as? [String: Any])?.isEmpty == true)
        #expect(server.finish() == 0)
        #expect(server.rest().isEmpty)
    }

    @Test func aLineOverOneMebibyteIsRefusedWithoutBeingHeldAndTheNextIsServed() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let server = try Server(world: sim.world)
        try server.send(Self.initialize)
        _ = try server.receive()
        try server.send(
            #"{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":""# + String(repeating: "x", count: 3 << 20)
                + "\"}}")
        let refused = try server.receive()
        #expect(errorCode(refused) == -32600)
        #expect(errorMessage(refused).contains("1 MiB"))
        try server.send(Self.call(3, "list_sims"))
        let listed = try server.receive()
        #expect(listed["id"] as? Int == 3)
        #expect(server.finish() == 0)
    }

    @Test func aClientThatHangsUpMidCallLosesNothing() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let server = try Server(world: sim.world)
        try server.send(Self.initialize)
        _ = try server.receive()
        // The call is in flight when the client goes: stdin closed, stdout's reader gone.
        try server.send(Self.call(2, "launch_app_sim", #"{"bundleId":"to.bitkit"}"#))
        try server.input.fileHandleForWriting.close()
        try server.output.fileHandleForReading.close()
        #expect(server.wait() == 0)
        // The launch ran to its end, as a CLI action would: Bitkit runs and the world audits clean.
        let state = try sim("bitkit-sim", "state", "--json").json()
        #expect(state["running"] as? Bool == true)
        #expect(try sim("simctl", "audit").status == 0)
    }

    @Test func sigtermBetweenCallsEndsTheServerAndMidCallAfterTheReply() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let idle = try Server(world: sim.world)
        try idle.send(Self.initialize)
        _ = try idle.receive()
        kill(idle.process.processIdentifier, SIGTERM)
        #expect(idle.wait() == 0)

        let busy = try Server(world: sim.world)
        try busy.send(Self.initialize)
        _ = try busy.receive()
        let steps = MCPClientEndToEndTests.repository.appendingPathComponent("Fixtures/scenarios/02-end-of-1.steps")
            .path
        try busy.send(Self.call(2, "sim_setup", #"{"steps":"include \#(steps)"}"#))
        // SIGTERM once the call runs: its first step has written to the journal.
        let journal = sim.world.appendingPathComponent(".sim/journal.jsonl")
        let before = try Data(contentsOf: journal).count
        let deadline = Date().addingTimeInterval(30)
        while (try? Data(contentsOf: journal).count) ?? 0 <= before, Date() < deadline { usleep(1_000) }
        kill(busy.process.processIdentifier, SIGTERM)
        let reply = try busy.receive()
        #expect(reply["id"] as? Int == 2)
        #expect((reply["result"] as? [String: Any])?["isError"] as? Bool == false)
        #expect(busy.wait() == 0)
        // The whole setup ran: Ring holds A and B, Bitkit shows Pubky Choice.
        #expect((try sim("ring-sim", "state", "--json").json()["pubkys"] as? [Any])?.count == 2)
        #expect(try sim("bitkit-sim", "screen", "--json").json()["route"] as? String == "pubkyChoice")
    }

    @Test func theUICommandsJSONIsTheToolsStructuredContent() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        try sim("bitkit-sim", "launch")
        let command = try sim("simctl", "ui", "snapshot", "--json")
        #expect(command.status == 0, "\(command.stderr)")
        let server = try Server(world: sim.world)
        try server.send(Self.initialize)
        _ = try server.receive()
        try server.send(Self.call(2, "snapshot_ui"))
        let result = try #require(try server.receive()["result"] as? [String: Any])
        let structured = try JSONSerialization.data(
            withJSONObject: result["structuredContent"] as Any, options: .sortedKeys)
        let printed = try JSONSerialization.data(
            withJSONObject: try JSONSerialization.jsonObject(with: Data(command.stdout.utf8)), options: .sortedKeys)
        #expect(structured == printed)
        #expect(server.finish() == 0)
        // A refused tap is the app's own sentence and exit 2, as a tool failure.
        let refused = try sim("simctl", "ui", "tap", "--id", "NoSuchButton")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("error: no element 'NoSuchButton' on Bitkit's current screen"))
        let shot = Scratch.folder.appendingPathComponent("ui-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: shot) }
        #expect(try sim("simctl", "ui", "screenshot", "--out", shot.path).status == 0)
        #expect(try Data(contentsOf: shot).count > 1000)
    }
}
