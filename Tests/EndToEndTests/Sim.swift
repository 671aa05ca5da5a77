import Backend
import Foundation
import PubkyCrypto
import SimCLI
import Simulation
import WorldFiles

/// Spawns the real executables against a temporary world.
struct Sim {
    typealias Run = SiblingTool.Result

    enum SimError: Error { case notJSON(String) }

    /// The folder holding the built products (next to the test bundle).
    static let productsDirectory: URL = SiblingTool.productsDirectory

    let world: URL

    /// A new temporary world; `apps` installs the catalogue baseline (Bitkit regtest and Ring); `android`
    /// makes it an Android world.
    init(apps: Bool = true, android: Bool = false) throws {
        world = Scratch.folder.appendingPathComponent("e2e-\(UUID().uuidString)")
        let run = try Sim.run(
            "simctl",
            ["world", "init", "--world", world.path] + (apps ? ["--with-apps"] : [])
                + (android ? ["--platform", "android"] : []))
        guard run.status == 0 else { throw SimError.notJSON(run.stderr) }
    }

    func cleanup() { try? FileManager.default.removeItem(at: world) }

    /// A backend client of this world for `app` on the world's simulated device clock, as the
    /// tools are: a token stamped with the host's time would come from the world's future.
    func client(app: String, seed: UInt64 = 42) -> BackendClient {
        let clock = DeviceClock(world: WorldFiles.World(root: world))
        return BackendClient(
            databasePath: world.appendingPathComponent(".sim/backend.sqlite").path, app: app,
            now: { (try? clock.now()) ?? Date.distantPast }, elapse: { try? clock.spend($0) },
            random: SeededRandom(seed: seed))
    }

    /// Runs `tool args… --world <world>`.
    @discardableResult
    func callAsFunction(_ tool: String, _ args: String...) throws -> Run {
        try Sim.run(tool, args + ["--world", world.path])
    }

    /// Runs a tool with exactly `args`; `stdin` is the file its standard input reads (default: none).
    /// Both output pipes are drained at the same time, so a child that fills one while the other is
    /// being read cannot block forever.
    static func run(_ tool: String, _ args: [String], stdin: String? = nil) throws -> Run {
        try run(executable: productsDirectory.appendingPathComponent(tool), args, stdin: stdin)
    }

    /// Runs any executable as `run(_:_:stdin:)` does; `environment` adds to the test's own (whose
    /// `TMPDIR` is `Scratch.folder`);
    /// `directory` is its current folder (default: the test's).
    static func run(
        executable: URL, _ args: [String], stdin: String? = nil, environment: [String: String] = [:],
        directory: URL? = nil
    ) throws -> Run {
        try SiblingTool.run(
            executable: executable, args, environment: Scratch.environment(environment),
            stdin: try stdin.map { path in try FileHandle(forReadingFrom: URL(fileURLWithPath: path)) },
            directory: directory)
    }

    /// Starts `tool args…` in the background (stderr discarded) and returns it with the pipe its
    /// stdout goes to, e.g. a command that will pause at a breakpoint.
    static func start(_ tool: String, _ args: [String]) throws -> (process: Process, output: Pipe) {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent(tool)
        process.arguments = args
        process.environment = Scratch.environment()
        process.standardError = FileHandle.nullDevice
        let output = try Process.launchingAlone {
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            return output
        }
        return (process, output)
    }
}

extension SiblingTool.Result {
    /// Parses stdout as JSON (for `--json` runs).
    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] else {
            throw Sim.SimError.notJSON(stdout)
        }
        return object
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
