import Foundation
import RunReport
import Scenarios

/// The result of `simctl journey run`: the text of spec/08 §1.5 and its `--json` form.
public struct JourneyReport: Sendable, Encodable {
    public var file: String
    public var name: String
    public var platform: String
    public var bindings: [String: JourneyBinding]
    /// Where each binding came from: `--bind`, `setup`, or the world rule that gave it.
    public var bindingSources: [String: String] = [:]
    public var actions: [JourneyActionResult]
    /// The temporary world `--scenario --keep` kept.
    public var keptWorld: String?

    public var passed: Bool { !actions.contains { $0.status.fails } }

    /// How many actions ended with each status, every status listed.
    public var counts: [String: Int] {
        Dictionary(
            uniqueKeysWithValues: JourneyStatus.allCases.map { status in
                (status.rawValue, actions.filter { $0.status == status }.count)
            })
    }

    enum CodingKeys: String, CodingKey {
        case file, name, platform, bindings, bindingSources, result, counts, actions, keptWorld
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(name, forKey: .name)
        try container.encode(platform, forKey: .platform)
        try container.encode(bindings, forKey: .bindings)
        try container.encode(bindingSources, forKey: .bindingSources)
        try container.encode(passed ? "passed" : "failed", forKey: .result)
        try container.encode(counts, forKey: .counts)
        try container.encode(actions, forKey: .actions)
        try container.encodeIfPresent(keptWorld, forKey: .keptWorld)
    }

    /// A JUnit XML report, one test case per action (`--junit`): a failure for each action that did not
    /// hold, was not performable or crashed; `skipped` for the actions that were not checked.
    public var junit: String {
        let escape = JUnitReport.escape
        let failures = actions.filter { $0.status.fails }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuite name=\"journey \(escape(name))\" tests=\"\(actions.count)\" failures=\"\(failures)\">\n"
        for action in actions {
            xml += "  <testcase classname=\"\(escape(file))\" name=\"\(escape(action.index + " " + action.text))\">\n"
            if action.status.fails {
                xml +=
                    "    <failure message=\"\(escape(action.status.words))\">\(escape(action.detail ?? ""))</failure>\n"
            } else if [.skipped, .notRun, .person].contains(action.status) {
                xml += "    <skipped message=\"\(escape(action.status.words))\"/>\n"
            }
            xml += "  </testcase>\n"
        }
        return xml + "</testsuite>\n"
    }

    /// The HTML report's record: every action with both phones after it.
    public var record: JourneyRecord {
        JourneyRecord(
            name: name, file: file, platform: platform, passed: passed, summary: summary,
            actions: actions.map { action in
                JourneyRecord.Action(
                    index: action.index, text: action.text, app: action.app, status: action.status.rawValue,
                    words: action.status.words, detail: action.detail,
                    phones: Dictionary(
                        uniqueKeysWithValues: action.screens.compactMap { app, screen in
                            Phone(rawValue: app).map { ($0, screen) }
                        }),
                    bindings: action.bindings.sorted { $0.key < $1.key }.map { ($0.key, $0.value.text) },
                    members: action.members.map { ($0.member, $0.held, $0.detail) })
            })
    }

    /// `passed: 7 held, 1 skipped`: the result with the counts of the statuses that occurred.
    public var summary: String {
        let counted = JourneyStatus.allCases.compactMap { status -> String? in
            let count = actions.filter { $0.status == status }.count
            return count == 0 ? nil : "\(count) \(status.words)"
        }
        return (passed ? "passed" : "failed") + ": " + counted.joined(separator: ", ")
    }

    /// `journey: NAME (FILE, PLATFORM)`, a line per action with an indented detail, then the result
    /// with the counts of the statuses that occurred.
    public var text: String {
        var lines = ["journey: \(name) (\(file), \(platform))"]
        for action in actions {
            lines.append("\(action.index) \(action.status.words) \(action.text)")
            if let detail = action.detail { lines.append("    \(detail)") }
        }
        lines.append(summary)
        if let keptWorld { lines.append("world kept: \(keptWorld)") }
        return lines.joined(separator: "\n")
    }
}
