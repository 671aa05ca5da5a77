import Foundation
import Testing

/// Every command of every tool answers `--help` with a usage line and at least one example.
@Suite struct HelpEndToEndTests {
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
        let run = try Sim.run(command[0], Array(command.dropFirst()) + ["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: \(command.joined(separator: " "))"))
        #expect(run.stdout.contains("EXAMPLES:"))
    }

    @Test func unknownCommandsAreUsageErrorsWithAHint() throws {
        let run = try Sim.run("bitkit-sim", ["keychain", "frobnicate"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("Unknown command 'frobnicate'"))
    }
}
