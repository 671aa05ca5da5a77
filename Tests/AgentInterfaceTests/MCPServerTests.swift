import Foundation
import SimCLI
import Testing
import WorldFiles

@testable import AgentInterface

/// The protocol layer on its own: lifecycle, version negotiation and JSON-RPC errors (no tool runs).
@Suite struct MCPServerTests {
    func server() -> MCPServer {
        let tools = AgentTools(
            world: World(root: URL(fileURLWithPath: "/nonexistent-world")),
            simctl: SimCLI.Tool(name: "simctl", summary: "", commands: []), durable: false)
        return MCPServer(tools: tools, write: { _ in true })
    }

    func send(_ server: MCPServer, _ line: String) -> JSONValue? { server.handle(Array(line.utf8)) }

    func initialize(_ version: String) -> String {
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(version)","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
    }

    @Test(arguments: ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"])
    func aSupportedVersionIsAnsweredAsAsked(version: String) {
        let reply = send(server(), initialize(version))
        #expect(reply?["result"]?["protocolVersion"] == .string(version))
        #expect(reply?["result"]?["serverInfo"]?["name"] == "pubky-sim")
        #expect(reply?["result"]?["serverInfo"]?["version"] == .string(SimCLI.Tool.version))
        #expect(reply?["result"]?["capabilities"] == ["tools": ["listChanged": false]])
    }

    @Test func anUnknownVersionIsAnsweredWithTheNewest() {
        #expect(send(server(), initialize("2099-01-01"))?["result"]?["protocolVersion"] == "2025-11-25")
    }

    @Test func toolsBeforeInitializeAre32002AndAnUnknownMethodIs32601() {
        let server = server()
        #expect(send(server, #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)?["error"]?["code"] == .int(-32002))
        #expect(
            send(server, #"{"jsonrpc":"2.0","id":2,"method":"server/discover"}"#)?["error"]?["code"] == .int(-32601))
        #expect(send(server, #"{"jsonrpc":"2.0","id":3,"method":"ping"}"#)?["result"] == .object([:]))
    }

    @Test func notificationsAndResponsesGetNoAnswer() {
        let server = server()
        #expect(send(server, #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#) == nil)
        #expect(send(server, #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#) == nil)
        #expect(send(server, #"{"jsonrpc":"2.0","id":9,"result":{}}"#) == nil)
    }

    @Test func malformedLinesAreParseOrInvalidRequestErrorsWithANullId() {
        let server = server()
        let parse = send(server, "{not json")
        #expect(parse?["error"]?["code"] == .int(-32700))
        #expect(parse?["id"] == .null)
        #expect(send(server, "[1,2]")?["error"]?["code"] == .int(-32600))
        #expect(send(server, #"{"jsonrpc":"1.0","id":1,"method":"ping"}"#)?["error"]?["code"] == .int(-32600))
    }

    @Test func callsNameTheBadArgumentAndTheUnknownTool() {
        let server = server()
        _ = send(server, initialize("2025-06-18"))
        let unknown = send(
            server, #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"fly","arguments":{}}}"#)
        #expect(unknown?["error"]?["code"] == .int(-32602))
        #expect(unknown?["error"]?["message"]?.string?.contains("unknown tool 'fly'") == true)
        let wrong = send(
            server, #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"tap","arguments":{"x":"ten"}}}"#)
        #expect(
            wrong?["error"]?["message"]?.string?.contains("argument 'x' of tap must be a number, not a string") == true)
        let listed = send(server, #"{"jsonrpc":"2.0","id":4,"method":"tools/list"}"#)
        #expect(listed?["result"]?["tools"]?.array?.count == ToolCatalogue.tools.count)
    }

    @Test func aToolThatFailsIsAnIsErrorResultWithTheMessage() {
        let server = server()
        _ = send(server, initialize("2025-06-18"))
        let failed = send(server, #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_sims"}}"#)
        #expect(failed?["result"]?["isError"] == true)
        let text = failed?["result"]?["content"]?.array?.first?["text"]?.string ?? ""
        #expect(text.contains("/nonexistent-world"))
    }
}
