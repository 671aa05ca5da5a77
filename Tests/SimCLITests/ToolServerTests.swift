import Device
import Foundation
import Testing

@testable import SimCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

/// A serving process reads its requests in bounded memory.
@Suite struct RequestLineReaderTests {
    /// The lines `bytes` splits into, read through a pipe.
    private func lines(_ bytes: [UInt8], limit: Int) throws -> [RequestLineReader.Line] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var reader = RequestLineReader(descriptor: descriptor, limit: limit)
        var lines: [RequestLineReader.Line] = []
        while let line = reader.next() { lines.append(line) }
        return lines
    }

    @Test func linesSplitAtNewlinesAndALastLineWithoutOneCounts() throws {
        #expect(
            try lines(Array("ab\n\ncd".utf8), limit: 10) == [
                .line(Array("ab".utf8)), .line([]), .line(Array("cd".utf8)),
            ])
    }

    @Test func aLineOverTheLimitIsReportedOnceAndSkippedToItsNewline() throws {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 200_000)
        let input = Array("ok\n".utf8) + long + Array("\nnext\n".utf8) + long
        #expect(
            try lines(input, limit: 1000) == [.line(Array("ok".utf8)), .tooLong, .line(Array("next".utf8)), .tooLong])
    }

    @Test func aLineExactlyAtTheLimitIsKept() throws {
        let line = [UInt8](repeating: UInt8(ascii: "y"), count: 1000)
        #expect(try lines(line + [UInt8(ascii: "\n")], limit: 1000) == [.line(line)])
    }

    @Test func aMalformedRequestLineIsAnsweredWithStatusTwo() {
        guard case .failure(let refusal) = ToolServer.request(Array("{not json".utf8)) else {
            Issue.record("a malformed line was accepted")
            return
        }
        #expect(refusal.reply.status == 2)
        #expect(refusal.reply.stderr == "error: malformed request: {not json\n")
    }
}
