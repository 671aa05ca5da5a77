import ContractNames
import Foundation
import Journeys
import Scenarios

/// The files of an export (spec/08 §4.1, §4.4): each journey at `journeys/<suite>/<slug>.xml`,
/// `journeys/index.json` in the platform's schema, and a `README.md` per suite. Same journeys, same
/// bytes.
public enum JourneyExportFolder {
    /// Relative path → content, paths sorted.
    public static func files(_ exported: [JourneyExporter.Exported], platform: Platform) -> [(String, String)] {
        var files = exported.map { ($0.path, $0.xml) }
        files.append(("journeys/index.json", index(exported, platform: platform)))
        for suite in Set(exported.map(\.suite)).sorted() {
            files.append(
                (
                    "journeys/\(suite)/README.md",
                    readme(suite, exported.filter { $0.suite == suite }, platform: platform)
                ))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// iOS: `{"generatedBy", "journeys": [{"file", "name", "identifiers": {ID: []}, "screens"}]}`;
    /// Android: `[{"file", "name", "identifiers": [ids], "sources": [], "screens"}]`. Entries by file.
    static func index(_ exported: [JourneyExporter.Exported], platform: Platform) -> String {
        let identifierPlatform: Platform = platform == .ios ? .ios : .android
        let entries = exported.sorted { $0.path < $1.path }.map { journey -> String in
            let ids = JourneyIdentifiers.mentions(
                in: journey.actions.joined(separator: "\n"), platform: identifierPlatform)
            let screens = JourneyScreens.phrases(in: journey.actions)
            let identifiers =
                platform == .ios
                ? "{" + ids.map { "\(json($0)): []" }.joined(separator: ", ") + "}"
                : "[" + ids.map(json).joined(separator: ", ") + "]"
            var fields = [
                "\"file\": \(json(journey.path))", "\"name\": \(json(journey.name))", "\"identifiers\": \(identifiers)",
            ]
            if platform == .android { fields.append("\"sources\": []") }
            fields.append("\"screens\": [" + screens.map(json).joined(separator: ", ") + "]")
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        let list = "[\n" + entries.joined(separator: ",\n") + "\n  ]"
        if platform == .android {
            return list.replacingOccurrences(of: "\n    ", with: "\n  ").replacingOccurrences(of: "\n  ]", with: "\n]")
                + "\n"
        }
        return "{\n  \"generatedBy\": \"simctl journey export\",\n  \"journeys\": \(list)\n}\n"
    }

    static func json(_ text: String) -> String { JSONText.string(text) }

    /// A suite's README in the platform's headings (spec/08 §1.2, §4.4).
    static func readme(_ suite: String, _ journeys: [JourneyExporter.Exported], platform: Platform) -> String {
        var lines = ["# \(suite)", ""]
        if platform == .ios {
            lines += journeys.map { "- `\($0.slug).xml` — \($0.name)" }
            lines += [
                "", "## Preconditions", "",
                "Each journey's description names its preconditions. " + (JourneyExporter.ringSentence[.ios] ?? ""),
                "", "## Timing", "",
                "The simulator finishes background work within an action: a check written `report \"already <x>\" rather than failing` may end `already <x>` on a device too.",
                "", "## iOS vs Android", "",
                "The same catalogue exports both: iOS addresses `id`, Android `testTag` (spec/08 §3).",
                "", "## Identifiers used", "",
            ]
            let ids = Set(
                journeys.flatMap { JourneyIdentifiers.mentions(in: $0.actions.joined(separator: "\n"), platform: .ios) }
            )
            lines += ids.sorted().map { "- `\($0)`" }
        } else {
            lines += ["## What the behaviour is", ""] + journeys.map { "- `\($0.slug).xml` — \($0.name)" }
            lines += [
                "", "## Setup", "", "1. " + (JourneyExporter.ringSentence[.android] ?? ""),
                "", "## Gotchas", "",
                "The simulator finishes background work within an action: a check written `report \"already <x>\" rather than failing` may end `already <x>`.",
                "", "## Android vs iOS", "",
                "The same catalogue exports both: Android addresses `testTag`, iOS `id` (spec/08 §3).",
                "", "## Test tags used", "",
            ]
            let tags = Set(
                journeys.flatMap {
                    JourneyIdentifiers.mentions(in: $0.actions.joined(separator: "\n"), platform: .android)
                })
            lines += tags.sorted().map { "- `\($0)`" }
        }
        let manual = journeys.flatMap(\.manualChecks)
        lines += [
            "", "## Manual checks", "",
            "Steps only the simulator performs (its Capabilities row, Docs/journeys.md); on a device, run them by hand:",
            "",
        ]
        var seen = Set<String>()
        lines += manual.filter { seen.insert($0).inserted }.map { "- `\($0)`" }
        return lines.joined(separator: "\n") + "\n"
    }
}
