import Foundation
import SimCLI
import Testing

/// `simctl mcp` driven by the official MCP Python SDK over its stdio transport (spec/10 §7): the
/// client installed by scripts/bootstrap in `.build/venv`, running `Tests/MCPClient/pubky_mcp_client.py`,
/// which checks each step as it goes. A missing virtual environment fails these tests, naming the
/// command that makes it: they never pass without the real client.
@Suite(.serialized) struct MCPClientEndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let python = repository.appendingPathComponent(".build/venv/bin/python")
    static let script = repository.appendingPathComponent("Tests/MCPClient/pubky_mcp_client.py")
    /// Where the client writes its artefacts (the screenshots), kept for a person to look at.
    static let artefacts = repository.appendingPathComponent(".build/artefacts/mcp")

    /// The client's virtual environment is not there: the error names it and the command that makes
    /// it (thrown rather than cancelling, so the failure reads as what it is).
    struct MissingClient: Error, CustomStringConvertible {
        var python: String
        var description: String {
            "The MCP Python client is missing: \(python). Run scripts/bootstrap --mcp-client (it makes .build/venv and installs the `mcp` package)."
        }
    }

    /// Runs the client's `scenario` against a new world (seeded, of `platform`); returns what it printed.
    func client(_ scenario: String, platform: String = "ios", seed: Int = 7) throws -> (output: String, world: URL) {
        guard FileManager.default.isExecutableFile(atPath: Self.python.path) else {
            throw MissingClient(python: Self.python.path)
        }
        let world = Scratch.folder.appendingPathComponent("mcp-\(UUID().uuidString)/world")
        let made = try Sim.run(
            "simctl",
            ["world", "init", "--with-apps", "--seed", String(seed), "--platform", platform, "--world", world.path])
        #expect(made.status == 0, "\(made.stderr)")
        try FileManager.default.createDirectory(at: Self.artefacts, withIntermediateDirectories: true)
        let run = try Sim.run(
            executable: Self.python,
            [
                Self.script.path, scenario, Sim.productsDirectory.appendingPathComponent("simctl").path, world.path,
                Self.repository.path, Self.artefacts.path,
            ], environment: ["PYTHONWARNINGS": "ignore::DeprecationWarning"])
        #expect(run.status == 0, "the MCP client's \(scenario) failed:\n\(run.stderr.suffix(3000))")
        return (run.stdout, world)
    }

    @Test func theOfficialClientRunsThePubkyChoiceFlowOnIOS() throws {
        let run = try client("flow-ios")
        defer { try? FileManager.default.removeItem(at: run.world.deletingLastPathComponent()) }
        #expect(run.output.contains("\"tool\": \"wait_for_ui\""))
        for picture in ["pay-contacts-ios.png", "pubky-choice-toast-ios.png"] {
            #expect(FileManager.default.fileExists(atPath: Self.artefacts.appendingPathComponent(picture).path))
        }
    }

    @Test func theOfficialClientRunsThePubkyChoiceFlowOnAndroidWithResourceIds() throws {
        let run = try client("flow-android", platform: "android")
        defer { try? FileManager.default.removeItem(at: run.world.deletingLastPathComponent()) }
        #expect(run.output.contains("\"resourceId\": \"PubkyChoiceIdentity\""))
    }

    @Test func protocolErrorsAndToolFailuresReachTheClientAsTheSpecSays() throws {
        let run = try client("errors")
        try? FileManager.default.removeItem(at: run.world.deletingLastPathComponent())
    }

    @Test func focusTypingLinksHomeAndStopDoWhatTheirCommandsDo() throws {
        let run = try client("tools")
        try? FileManager.default.removeItem(at: run.world.deletingLastPathComponent())
    }

    @Test func aRequestBeforeInitializeIsRefusedWith32002() throws {
        let run = try client("before-initialize")
        try? FileManager.default.removeItem(at: run.world.deletingLastPathComponent())
    }

    @Test func aReplayWithOneSeedGivesTheSameResultsAndTheSameCanonicalJournal() throws {
        let first = try client("flow-ios", seed: 11)
        let second = try client("flow-ios", seed: 11)
        defer {
            for run in [first, second] {
                try? FileManager.default.removeItem(at: run.world.deletingLastPathComponent())
            }
        }
        #expect(!first.output.isEmpty)
        #expect(first.output == second.output, "the same calls on a fresh world with one seed gave other results")
        let journals = try [first.world, second.world].map { world in
            try Sim.run("simctl", ["journal", "--canonical", "--world", world.path]).stdout
        }
        #expect(journals[0].count > 1000)
        #expect(journals[0] == journals[1], "the canonical journals differ")
    }
}
