import Foundation
import SafeFiles
import Simulation
import WorldFiles

/// A command-line tool: global options (`--world DIR`, `--json`, `--help`, `--version`), dispatch
/// to a command, help text, and the exit codes of DESIGN §8 (0 ran, 1 internal failure, 2 usage,
/// 3 missing or broken world).
public struct Tool: Sendable {
    public static let version = "0.1.0"

    public let name: String
    public let summary: String
    public let commands: [Command]
    public let examples: [String]
    /// Whether a scheduled run of this tool waits at a start point before its command runs (simctl's
    /// commands may touch anything; an app takes its own start point, naming its app, when it opens
    /// its environment).
    public let schedulesStart: Bool

    public init(
        name: String, summary: String, examples: [String] = [], commands: [Command], schedulesStart: Bool = false
    ) {
        self.name = name
        self.summary = summary
        self.examples = examples
        self.commands = commands
        self.schedulesStart = schedulesStart
    }

    /// Runs the tool on the process's arguments and exits with its code; `--serve` alone makes it a
    /// serving process instead (`ToolServer`).
    public func main() -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--serve"] {
            exit(ToolServer(tool: self, base: ProcessEnvironment.runVariables()).serve())
        }
        let context: RunContext
        do {
            context = try RunContext(variables: ProcessEnvironment.runVariables(), number: 0)
        } catch {
            exit(report(CLIError.usage("\(error)"), path: [], json: arguments.contains("--json")))
        }
        exit(run(arguments, context: context))
    }

    /// Runs the tool on `arguments` (without the program name) as the run `context` and returns
    /// the exit code.
    public func run(_ arguments: [String], context: RunContext = .standalone) -> Int32 {
        defer { context.process.end() }
        var tokens = arguments
        // Known before parsing, so even a malformed command line answers in JSON when asked to.
        let json = tokens.contains("--json")
        let wantsHelp = tokens.contains("--help") || tokens.contains("-h")
        tokens.removeAll { $0 == "--help" || $0 == "-h" }
        if tokens.first == "--version" {
            Output.write("\(name) \(Self.version)\n")
            return 0
        }
        if tokens.contains("--serve") {
            return report(
                CLIError.usage(
                    "--serve stands alone: start `\(name) --serve` and send it one JSON request per line on stdin."),
                path: [], json: json)
        }
        if tokens.first == "help" {
            tokens.removeFirst()
            return showHelp(path: tokens)
        }

        var rest = Arguments(tokens)
        _ = rest.flag("--json")
        let worldPath: String?
        let package: String?
        do {
            worldPath = try rest.option("--world")
            // Only Bitkit has several packages (its flavours, on Android).
            package = name == "bitkit-sim" ? try rest.option("--package") : nil
        } catch {
            return report(error, path: [], json: json)
        }

        // Walk the command path.
        var path: [String] = []
        var level = commands
        var current: Command?
        while let next = rest.peekCommand(in: level) {
            path.append(next.name)
            current = next
            level = next.subcommands
            rest.dropCommand()
            if next.action != nil { break }
        }

        guard let command = current else {
            if wantsHelp || tokens.isEmpty { return showHelp(path: []) }
            let unknown = rest.firstToken ?? ""
            return report(CLIError.usage("Unknown command '\(unknown)'."), path: [], json: json)
        }
        if wantsHelp { return showHelp(path: path) }
        guard let action = command.action else {
            if let unknown = rest.firstToken, !unknown.hasPrefix("-") {
                return report(
                    CLIError.usage("Unknown command '\(unknown)' under `\(([name] + path).joined(separator: " "))`."),
                    path: path, json: json)
            }
            return showHelp(path: path)
        }

        let invocation = Invocation(
            path: [name] + path, world: World(path: worldPath, durable: context.durable), worldGiven: worldPath != nil,
            json: json, run: context, package: package)
        if schedulesStart, let scheduler = context.scheduler {
            context.started(.start(app: nil))
            if invocation.world.exists {
                _ = context.failures.recording(invocation.world.journalFile.path) {
                    try invocation.journal.append(
                        JournalEntry(app: name, kind: .schedule(point: "start"), detail: "lane \(scheduler.laneName)"))
                }
            }
        }
        do {
            if let crash = context.crash {
                // The crash campaign's write points, for this command only.
                let app = name.hasSuffix("-sim") ? String(name.dropLast(4)) : name
                try FileTestingHooks.$beforeRename.withValue(crash.writeHook(app: app)) {
                    try action(&rest, invocation)
                }
            } else {
                try action(&rest, invocation)
            }
        } catch {
            return report(error, path: path, json: json)
        }
        // A world file that failed where the action could not stop (a journal line, the clock)
        // fails it now: its output may not match what a replay would print.
        if let failure = context.failures.first { return report(failure, path: path, json: json) }
        return 0
    }

    /// Prints the help of the command at `path` (or the tool's) and returns 0, or 2 when unknown.
    func showHelp(path: [String]) -> Int32 {
        guard let text = help(path: path) else {
            return report(CLIError.usage("No help for '\(path.joined(separator: " "))'."), path: [], json: false)
        }
        Output.write(text)
        return 0
    }

    /// The help text for the command at `path`.
    public func help(path: [String]) -> String? {
        if path.isEmpty {
            return HelpFormatter.toolHelp(self)
        }
        var level = commands
        var chain: [Command] = []
        for component in path {
            guard let next = level.first(where: { $0.name == component }) else { return nil }
            chain.append(next)
            level = next.subcommands
        }
        return chain.last.map { HelpFormatter.commandHelp($0, fullName: ([name] + path).joined(separator: " ")) }
    }

    /// Prints what went wrong (`ErrorReport`) and returns the exit code. A command that printed its
    /// own report (`ExitStatus`: failed scenarios, a race's failed iterations) only sets the code.
    func report(_ error: Error, path: [String], json: Bool) -> Int32 {
        if let status = error as? ExitStatus { return status.code }
        let report = ErrorReport(error, command: ([name] + path).joined(separator: " "))
        Output.error(report.text)
        if json { Output.write(report.json + "\n") }
        return report.exitCode
    }
}

extension Arguments {
    /// The first token if it names a command of `level`.
    fileprivate func peekCommand(in level: [Command]) -> Command? {
        guard let token = firstToken else { return nil }
        return level.first { $0.name == token }
    }

    fileprivate mutating func dropCommand() { _ = optionalPositional() }
}
