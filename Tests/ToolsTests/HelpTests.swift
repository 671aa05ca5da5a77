import BitkitCLI
import Foundation
import RingCLI
import SimCLI
import SimctlCLI
import Testing

/// Every command of every tool answers `--help` with a usage line and at least one example.
@Suite struct HelpTests {
    static let commands: [[String]] = [
        ["simctl"], ["simctl", "world", "init"], ["simctl", "world", "show"], ["simctl", "device", "lock"],
        ["simctl", "device", "unlock"], ["simctl", "device", "reboot"], ["simctl", "device", "status"],
        ["simctl", "device", "clock"], ["simctl", "install"], ["simctl", "uninstall"], ["simctl", "net", "app"],
        ["simctl", "fault", "add"], ["simctl", "fault", "sdk"], ["simctl", "fault", "list"],
        ["simctl", "fault", "clear"], ["simctl", "journal"],
        ["simctl", "keychain", "list"], ["simctl", "keychain", "write"], ["simctl", "keychain", "delete"],
        ["simctl", "net", "off"], ["simctl", "net", "on"], ["simctl", "net", "dht"],
        ["simctl", "net", "relay-latency"],
        ["simctl", "net", "homegate"], ["simctl", "net", "homeserver"], ["simctl", "net", "storage-reads"],
        ["simctl", "net", "show"],
        ["simctl", "backend", "show"], ["simctl", "backend", "add-homeserver"], ["simctl", "backend", "issue-token"],
        ["simctl", "backend", "publish"], ["simctl", "backend", "mine"], ["simctl", "auth-request"],
        ["simctl", "break"], ["simctl", "continue"], ["simctl", "wait-paused"],
        ["simctl", "status"], ["simctl", "scenario", "run"], ["simctl", "open-url"], ["simctl", "files", "list"],
        ["simctl", "files", "decrypt"], ["simctl", "files", "put"], ["simctl", "device", "files"],
        ["simctl", "net", "resolve-timeout"], ["bitkit-sim", "open-url"], ["ring-sim", "open-url"],
        ["simctl", "race"], ["simctl", "explore"], ["simctl", "crash"],
        ["bitkit-sim"], ["bitkit-sim", "keychain", "list-ring"], ["bitkit-sim", "keychain", "load-secret"],
        ["bitkit-sim", "keychain", "is-definitely-missing"], ["bitkit-sim", "keychain", "publish-own"],
        ["bitkit-sim", "keychain", "remove-own"], ["bitkit-sim", "keychain", "remove-all-own"],
        ["ring-sim"], ["ring-sim", "keychain", "list-external"], ["ring-sim", "keychain", "get-external-secret"],
        ["ring-sim", "keychain", "set-owned"], ["ring-sim", "keychain", "remove-owned"],
        ["ring-sim", "keychain", "remove-all-owned"],
    ]

    @Test(arguments: commands) func helpShowsUsageAndAnExample(_ command: [String]) throws {
        let run = try InProcess.run(command[0], Array(command.dropFirst()) + ["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: \(command.joined(separator: " "))"))
        #expect(run.stdout.contains("EXAMPLES:"))
    }

    /// Every path of every tool's command tree, groups included, so a new command is covered the
    /// day it is added.
    static let everyCommand: [[String]] = [BitkitCLI.tool, RingCLI.tool, SimctlCLI.tool].flatMap { tool in
        [[tool.name]] + tool.commands.flatMap { paths(of: $0, under: [tool.name]) }
    }

    static func paths(of command: Command, under parent: [String]) -> [[String]] {
        let path = parent + [command.name]
        return [path] + command.subcommands.flatMap { paths(of: $0, under: path) }
    }

    @Test func theTreeHoldsEveryCommandNamedHere() {
        #expect(Set(Self.commands).isSubset(of: Set(Self.everyCommand)))
        #expect(Self.everyCommand.count > Self.commands.count)
    }

    @Test(arguments: everyCommand) func everyCommandOfTheTreeShowsUsageAndAnExample(_ command: [String]) throws {
        let run = try InProcess.run(command[0], Array(command.dropFirst()) + ["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: \(command.joined(separator: " "))"))
        #expect(run.stdout.contains("EXAMPLES:"))
    }

    @Test func bitkitsCheckpointsAreListed() throws {
        let run = try InProcess.run("bitkit-sim", ["checkpoints", "--json"])
        let list = try #require(try run.json()["checkpoints"] as? [[String: String]])
        let names = list.compactMap { $0["name"] }
        #expect(names.contains("bitkit.pick.before-read"))
        #expect(names.contains("bitkit.source-check.before-lookup"))
        #expect(list.allSatisfy { $0["summary"]?.isEmpty == false })
    }

    @Test func unknownCommandsAreUsageErrorsWithAHint() throws {
        let run = try InProcess.run("bitkit-sim", ["keychain", "frobnicate"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("Unknown command 'frobnicate'"))
    }
}
