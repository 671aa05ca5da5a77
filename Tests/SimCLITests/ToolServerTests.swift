import Device
import Foundation
import SimCLI
import Testing

/// `TOOL --serve` answers each request as one app run of its own.
@Suite(.serialized) struct ToolServerTests {
    static let tool = Tool(
        name: "t", summary: "test",
        commands: [
            Command("speak", summary: "writes to both streams") { args, _ in
                try args.finish()
                Output.write("to stdout\n")
                Output.error("to stderr\n")
            },
            Command("env", summary: "prints a variable") { args, _ in
                let name = try args.positional("NAME")
                try args.finish()
                Output.write(getenv(name).map { String(cString: $0) } ?? "(unset)")
            },
            Command("run", summary: "prints the run number") { args, _ in
                try args.finish()
                Output.write(String(ProcessRun.current.number))
            },
        ])

    @Test func aServedCommandReturnsItsOutputAndExitCodeInsteadOfPrintingThem() {
        let server = ToolServer(tool: Self.tool)
        let reply = server.answer(ToolServer.Request(arguments: ["speak"]))
        #expect(reply.status == 0)
        #expect(reply.stdout == "to stdout\n")
        #expect(reply.stderr == "to stderr\n")

        let refused = server.answer(ToolServer.Request(arguments: ["speak", "--bogus"]))
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("Unknown option --bogus."))
    }

    @Test func aServedCommandSeesItsOwnEnvironmentAndTheProcessGetsItsOwnBack() {
        setenv("TOOL_SERVER_TEST_SET", "outer", 1)
        unsetenv("TOOL_SERVER_TEST_UNSET")
        defer { unsetenv("TOOL_SERVER_TEST_SET") }
        let server = ToolServer(tool: Self.tool)
        let environment = ["TOOL_SERVER_TEST_SET": "inner", "TOOL_SERVER_TEST_UNSET": "given"]
        let set = server.answer(
            ToolServer.Request(arguments: ["env", "TOOL_SERVER_TEST_SET"], environment: environment))
        let unset = server.answer(
            ToolServer.Request(arguments: ["env", "TOOL_SERVER_TEST_UNSET"], environment: environment))
        #expect(set.stdout == "inner")
        #expect(unset.stdout == "given")
        #expect(String(cString: getenv("TOOL_SERVER_TEST_SET")) == "outer")
        #expect(getenv("TOOL_SERVER_TEST_UNSET") == nil)
        let later = server.answer(ToolServer.Request(arguments: ["env", "TOOL_SERVER_TEST_UNSET"]))
        #expect(later.stdout == "(unset)")
    }

    @Test func everyServedCommandIsANewRunOfTheProcess() throws {
        let server = ToolServer(tool: Self.tool)
        let first = try #require(UInt32(server.answer(ToolServer.Request(arguments: ["run"])).stdout))
        let second = try #require(UInt32(server.answer(ToolServer.Request(arguments: ["run"])).stdout))
        #expect(first > 0)
        #expect(second == first + 1)
        #expect(ProcessRun.current.stored == second)
    }

    @Test func serveWithOtherArgumentsOrInsideARequestIsAUsageError() {
        let server = ToolServer(tool: Self.tool)
        for arguments in [["--serve", "speak"], ["speak", "--serve"]] {
            let reply = server.answer(ToolServer.Request(arguments: arguments))
            #expect(reply.status == 2)
            #expect(reply.stderr.contains("--serve stands alone: start `t --serve`"))
        }
    }
}
