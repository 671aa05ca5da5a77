import Foundation
import SimCLI
import Testing

@testable import Scenarios

/// The race harness's long-lived `--serve` processes: a late command is killed and its process
/// replaced, so the next command still gets an answer.
@Suite struct ServingToolsTests {
    /// The folder holding the built executables.
    static let products = SiblingTool.productsDirectory

    @Test func aServedCommandAnswersLikeAProcessOfItsOwn() throws {
        let products = Self.products
        let world = FileManager.default.temporaryDirectory.appendingPathComponent("serving-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: world) }
        let tools = ServingTools(binDirectory: products)
        defer { tools.shutdown() }
        let created = try tools.start(
            .simctl, ["world", "init", "--with-apps", "--world", world.path], environment: [:]
        )
        .wait(timeout: 30)
        #expect(created.status == 0, "\(created.stderr)")
        let launched = try tools.start(.bitkit, ["launch", "--world", world.path, "--json"], environment: [:])
            .wait(timeout: 30)
        #expect(launched.status == 0)
        #expect(launched.stdout.contains("\"route\" : \"onboarding\""))
        let refused = try tools.start(.bitkit, ["no-such-command"], environment: [:]).wait(timeout: 30)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("Unknown command 'no-such-command'"))
    }

    /// A scenario's `simctl` steps go to the serving processes as its app steps do (its reads of the
    /// world outnumber its app actions, and a process start costs more than most of them); with
    /// `--process-per-action` every step, `simctl`'s included, is a process of its own.
    @Test func aScriptRunServesSimctlStepsLikeAppStepsUnlessEachActionGetsAProcess() throws {
        let products = Self.products
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("serving-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let scratch = base.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let scenario = try ScenarioParser.parse(text: "title: served\n\nbitkit launch\n", file: "served.scenario")
        let tools = ServingTools(binDirectory: products)
        defer { tools.shutdown() }
        let runner = ScenarioRunner(binDirectory: products)
        for served in [true, false] {
            let world = base.appendingPathComponent(served ? "served" : "processes")
            var run = ScriptRun(
                scenario: scenario, runner: runner, world: world, scratch: scratch, environment: nil)
            run.servingTools = served ? tools : nil
            for tool in [Tool.simctl, .bitkit] {
                let started = try run.start(tool, tool == .simctl ? ["world", "init", "--with-apps"] : ["launch"])
                let isServed: Bool
                switch started {
                case .served: isServed = true
                case .process: isServed = false
                }
                #expect(isServed == served, "\(tool) with serving processes: \(served)")
                let result = started.wait(timeout: 600)
                #expect(result.status == 0, "\(tool): \(result.stderr)")
            }
        }
    }

    @Test func aCommandPastItsTimeoutIsKilledAndTheNextOneGetsAFreshProcess() throws {
        let products = Self.products
        let world = FileManager.default.temporaryDirectory.appendingPathComponent("serving-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: world) }
        let tools = ServingTools(binDirectory: products)
        defer { tools.shutdown() }
        _ = try tools.start(.simctl, ["world", "init", "--with-apps", "--world", world.path], environment: [:])
            .wait(timeout: 30)
        // Nothing pauses, so this waits for its own 30 s limit: the harness gives up after 0.3 s.
        let late = try tools.start(
            .simctl, ["wait-paused", "bitkit", "--timeout", "30", "--world", world.path], environment: [:])
        let result = late.wait(timeout: 0.3)
        #expect(result.timedOut)
        let next = try tools.start(.simctl, ["status", "--world", world.path], environment: [:]).wait(timeout: 30)
        #expect(next.status == 0)
        #expect(!next.timedOut)
    }

    @Test func anIdleProcessKilledFromOutsideIsReplacedForTheNextCommand() throws {
        let products = Self.products
        let tools = ServingTools(binDirectory: products)
        defer { tools.shutdown() }
        let first = try tools.start(.bitkit, ["--version"], environment: [:])
        #expect(first.wait(timeout: 30).status == 0)
        kill(first.pid, SIGKILL)
        usleep(50_000)
        let second = try tools.start(.bitkit, ["--version"], environment: [:])
        let result = second.wait(timeout: 30)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("bitkit-sim "))
        #expect(second.pid != first.pid)
    }
}
