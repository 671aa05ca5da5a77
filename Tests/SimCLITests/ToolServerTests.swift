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
            Command("settings", summary: "prints the run's settings") { args, invocation in
                try args.finish()
                let run = invocation.run
                Output.write(
                    "durable=\(run.durable) world-durable=\(invocation.world.durable) "
                        + "scheduled=\(run.scheduler != nil) jitter=\(run.jitter != nil)")
            },
            Command("run", summary: "prints the run number") { args, invocation in
                try args.finish()
                Output.write(String(invocation.run.number))
            },
        ])

    @Test func aServedCommandReturnsItsOutputAndExitCodeInsteadOfPrintingThem() {
        let server = ToolServer(tool: Self.tool)
        let reply = server.answer(ToolServer.Request(arguments: ["speak"]), run: 1)
        #expect(reply.status == 0)
        #expect(reply.stdout == "to stdout\n")
        #expect(reply.stderr == "to stderr\n")

        let refused = server.answer(ToolServer.Request(arguments: ["speak", "--bogus"]), run: 2)
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("Unknown option --bogus."))
    }

    @Test func aServedCommandGetsItsSettingsAsARunContextAndTheProcessEnvironmentIsNeverTouched() {
        unsetenv("SIM_NO_FSYNC")
        unsetenv("SIM_LANE")
        let server = ToolServer(tool: Self.tool)
        let variables = [
            "SIM_NO_FSYNC": "1", "SIM_SCHEDULE": "/tmp/board.json", "SIM_LANE": "b", "SIM_JITTER_MS": "2",
            "SIM_JITTER_SEED": "9",
        ]
        let scheduled = server.answer(ToolServer.Request(arguments: ["settings"], environment: variables), run: 1)
        #expect(scheduled.stdout == "durable=false world-durable=false scheduled=true jitter=true")
        #expect(getenv("SIM_NO_FSYNC") == nil)
        #expect(getenv("SIM_LANE") == nil)
        let plain = server.answer(ToolServer.Request(arguments: ["settings"]), run: 2)
        #expect(plain.stdout == "durable=true world-durable=true scheduled=false jitter=false")
    }

    @Test func theServingProcessesOwnVariablesApplyUnderEachRequestsOwn() {
        let server = ToolServer(tool: Self.tool, base: ["SIM_NO_FSYNC": "1"])
        let reply = server.answer(ToolServer.Request(arguments: ["settings"]), run: 1)
        #expect(reply.stdout == "durable=false world-durable=false scheduled=false jitter=false")
    }

    @Test func malformedRunSettingsAreAUsageErrorNotAnUnscheduledRun() {
        let server = ToolServer(tool: Self.tool)
        for variables in [
            ["SIM_SCHEDULE": "/tmp/board.json", "SIM_LANE": "z"], ["SIM_SCHEDULE": "/tmp/board.json"],
            ["SIM_JITTER_MS": "fast", "SIM_JITTER_SEED": "1"],
        ] {
            let reply = server.answer(ToolServer.Request(arguments: ["run"], environment: variables), run: 1)
            #expect(reply.status == 2)
            #expect(reply.stdout.isEmpty)
            #expect(reply.stderr.hasPrefix("error: SIM_"))
        }
    }

    @Test func aServedCommandRunsAsTheRunItIsGiven() throws {
        let server = ToolServer(tool: Self.tool)
        #expect(server.answer(ToolServer.Request(arguments: ["run"]), run: 1).stdout == "1")
        #expect(server.answer(ToolServer.Request(arguments: ["run"]), run: 2).stdout == "2")
    }

    @Test func aRequestWithoutAnEnvironmentIsARequest() throws {
        let request = try JSONDecoder().decode(ToolServer.Request.self, from: Data(#"{"arguments":["run"]}"#.utf8))
        #expect(request.arguments == ["run"])
        #expect(request.environment.isEmpty)
    }

    @Test func serveWithOtherArgumentsOrInsideARequestIsAUsageError() {
        let server = ToolServer(tool: Self.tool)
        for arguments in [["--serve", "speak"], ["speak", "--serve"]] {
            let reply = server.answer(ToolServer.Request(arguments: arguments), run: 1)
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
