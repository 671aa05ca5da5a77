import BitkitCLI
import Foundation
import RingCLI
import SimCLI
import SimctlCLI
import Synchronization

/// The three tools run in this process, as a serving process runs them (`ToolServer`): one command
/// is one app run built afresh from the world's files, its output collected. For what one process
/// proves as well as two: help, error reports, the record rules. Locks, races, crashes and serving
/// keep spawning the real binaries (EndToEndTests).
struct InProcess {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String

        struct NotJSON: Error, CustomStringConvertible {
            var stdout: String
            var description: String { "stdout is not a JSON object: \(stdout)" }
        }

        /// Parses stdout as JSON (for `--json` runs).
        func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] else {
                throw NotJSON(stdout: stdout)
            }
            return object
        }
    }

    enum Failure: Error {
        case worldNotCreated(stderr: String)
        case noSuchTool(String)
    }

    private static let tools: [String: Tool] = [
        "bitkit-sim": BitkitCLI.tool, "ring-sim": RingCLI.tool, "simctl": SimctlCLI.tool,
    ]

    /// Numbers the runs of this process as a serving process does.
    private static let runs = Atomic<UInt32>(0)

    let world: URL

    /// A new temporary world; `apps` installs the catalogue baseline (Bitkit regtest and Ring).
    init(apps: Bool = true) throws {
        world = FileManager.default.temporaryDirectory.appendingPathComponent("tools-\(UUID().uuidString)")
        let run = try Self.run("simctl", ["world", "init", "--world", world.path] + (apps ? ["--with-apps"] : []))
        guard run.status == 0 else { throw Failure.worldNotCreated(stderr: run.stderr) }
    }

    func cleanup() { try? FileManager.default.removeItem(at: world) }

    /// Runs `tool args… --world <world>`.
    @discardableResult
    func callAsFunction(_ tool: String, _ args: String...) throws -> Run {
        try Self.run(tool, args + ["--world", world.path])
    }

    /// Runs a tool with exactly `args` (without the program name); the world is throwaway, so
    /// writes skip fsync as under the scenario runner.
    static func run(_ tool: String, _ args: [String]) throws -> Run {
        guard let found = tools[tool] else { throw Failure.noSuchTool(tool) }
        let number = runs.add(1, ordering: .relaxed).newValue
        let reply = ToolServer(tool: found, base: ["SIM_NO_FSYNC": "1"]).answer(
            ToolServer.Request(arguments: args), run: number)
        return Run(status: reply.status, stdout: reply.stdout, stderr: reply.stderr)
    }
}

/// The catalogue's fixture identities (spec/06 §0.1).
enum Fixture {
    static let wSecret = "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1"
    static let w = "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy"
    static let aSecret = String(repeating: "01", count: 32)
    static let a = "tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy"
    static let bSecret = String(repeating: "02", count: 32)
    static let b = "orhzqdiexwmi6iidktucgud63ufa5nwtsuzdxe176a8izd6jsqky"
}
