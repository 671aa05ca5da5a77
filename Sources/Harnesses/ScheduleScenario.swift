import ContractNames
import Exploration
import Foundation
import Scenarios

/// Writes one explored schedule as a scenario (Docs/scenarios.md) that replays it with breakpoints
/// and asserts where it ends: each lane's command runs in the background, stops at a breakpoint on
/// the point where the schedule switches away from it (`--after N` when it passes that point
/// earlier), and is continued when the schedule comes back to it. The lanes must be app commands of
/// different apps, one command per line: a breakpoint stops the next process of an app.
public struct ScheduleScenario: Sendable {
    public var lanes: [String]
    public var setupText: String?
    /// The setup file, relative to the scenario's folder.
    public var setupFile: String?
    public var expectations: [String]
    public var decisions: [Decision]
    /// The outcome as the run ended: the shared group's accounts and each value read.
    public var accounts: [String]
    /// Each value as JSON text; nil where the path matched nothing (asserted as `PATH absent`).
    public var values: [(command: String, path: String, value: String?)]
    /// What the schedule broke (written as comments).
    public var failures: [String]
    /// The `simctl explore … --replay` command of the same schedule.
    public var replay: String
    /// The platform the schedule was explored on: its points (a provider query…) exist there only.
    public var platform: Platform = .default

    public init(
        lanes: [String], setupText: String?, setupFile: String?, expectations: [String], decisions: [Decision],
        accounts: [String], values: [(command: String, path: String, value: String?)], failures: [String],
        replay: String
    ) {
        self.lanes = lanes
        self.setupText = setupText
        self.setupFile = setupFile
        self.expectations = expectations
        self.decisions = decisions
        self.accounts = accounts
        self.values = values
        self.failures = failures
        self.replay = replay
    }

    /// A lane's commands and its app.
    struct Lane {
        var app: String
        var commands: [String]
        var next = 0
    }

    public func text() throws(ScenarioError) -> String {
        var parsed: [Lane] = []
        for (index, text) in lanes.enumerated() {
            let name = Schedule.name(ofLane: index)
            let script = try RaceHarness.script(text, name: name)
            var lane = Lane(app: "", commands: [])
            for step in script.steps {
                guard case .run(let tool, _, false, false) = step.kind, let app = tool.appName else {
                    throw ScenarioError(
                        file: name, line: step.line,
                        message:
                            "`\(step.source)`: only app commands (bitkit …, ring …) can be replayed with breakpoints")
                }
                guard lane.app.isEmpty || lane.app == app else {
                    throw ScenarioError(
                        file: name, line: step.line, message: "a lane replayed with breakpoints drives one app")
                }
                lane.app = app
                lane.commands.append(step.source)
            }
            guard !parsed.contains(where: { $0.app == lane.app }) else {
                throw ScenarioError(
                    file: name, line: 0,
                    message: "two lanes drive \(lane.app): a breakpoint cannot tell their processes apart")
            }
            parsed.append(lane)
        }

        var lines = [
            "title: Explored schedule \(Schedule.replaying(decisions)) of \(lanes.joined(separator: " ∥ "))",
            "# Written by `simctl explore --emit-scenario`. The same schedule, replayed by the explorer:",
            "#   \(replay)",
        ]
        if !platform.isDefault {
            // On the default platform the same lines would take other points (no provider calls): the
            // scenario would not replay it there. (A default-platform schedule stays as it was written
            // before platforms existed.)
            lines.append("platforms: \(platform.rawValue)")
        }
        if !failures.isEmpty {
            lines.append("# It breaks:")
            lines += failures.map { "#   \($0)" }
            lines.append("# The scenario asserts what the apps do on this schedule; change them when the fix lands.")
        }
        if let setupFile { lines.append("include \(setupFile)") }
        if let setupText {
            lines += setupText.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
        }
        lines.append("focus manual")
        lines += try steps(&parsed)
        lines.append("wait")
        lines.append("expect records" + accounts.map { " " + Self.quoted($0) }.joined())
        for value in values {
            // A value that is not there is asserted as such: `= null` would not pass on nothing.
            let check = value.value.map { "= \(Self.quoted($0))" } ?? "absent"
            lines.append("expect json \(value.command) :: \(value.path) \(check)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The background steps, breakpoints, waits and continues that take the schedule's decisions.
    func steps(_ lanes: inout [Lane]) throws(ScenarioError) -> [String] {
        var lines: [String] = []
        var start = 0
        while start < decisions.count {
            let lane = decisions[start].chosen
            var end = start
            while end + 1 < decisions.count, decisions[end + 1].chosen == lane { end += 1 }
            let app = lanes[lane].app
            // Where the lane waits when the schedule switches away: nil when it is done, `start` when it
            // is between two commands (the next one is simply not started yet).
            let stop = end + 1 < decisions.count ? decisions[end + 1].pending[lane]?.point : nil
            if let stop, stop != "start" {
                // The lane's earlier passes of the same point in this block must not stop it.
                let passes = decisions[start...end].dropFirst().filter { $0.pending[lane]?.point == stop }.count
                lines.append("break \(app) \(Self.quoted(stop))" + (passes > 0 ? " --after \(passes)" : ""))
            }
            if decisions[start].pending[lane]?.point != "start" { lines.append("continue \(app)") }
            for index in start...end where decisions[index].pending[lane]?.point == "start" {
                // A start after the block's first decision: the lane's previous command ended meanwhile.
                if index > start { lines.append("wait \(app)") }
                guard lanes[lane].next < lanes[lane].commands.count else {
                    throw ScenarioError(
                        file: "schedule", line: index,
                        message: "lane \(Schedule.name(ofLane: lane)) starts more commands than its script has")
                }
                lines.append("\(lanes[lane].commands[lanes[lane].next]) &")
                lanes[lane].next += 1
            }
            if let stop, stop != "start" {
                lines.append("wait-paused \(app) \(Self.quoted(stop))")
            } else {
                lines.append("wait \(app)")
            }
            start = end + 1
        }
        return lines
    }

    /// A word for a scenario line: single quotes unless it is plain.
    static func quoted(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || ":._-".contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\"'\"'") + "'"
    }

    /// `path` as seen from the folder of `file`.
    public static func relativePath(from file: String, to path: String) -> String {
        let base = URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent().pathComponents
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        var common = 0
        while common < min(base.count, target.count), base[common] == target[common] { common += 1 }
        return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
    }
}
