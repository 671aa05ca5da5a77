import AppSupport
import ContractNames
import Foundation
import Scenarios

/// `simctl journey export`: each catalogue scenario (each examples row) as a journey in the apps'
/// format (spec/08 §4). Each scenario runs once in a fresh world, as `simctl scenario run` would,
/// and each step after its setup part is phrased from the screen the app showed before it: a form
/// of spec/08 §2.2 with the real ids where one does exactly what the step does, else a capability
/// action that runs the step itself. Checks of the screen become `Verify …`; other checks are dropped
/// and the description says so.
public struct JourneyExporter: Sendable {
    public var runner: ScenarioRunner
    public var platform: Platform

    public init(runner: ScenarioRunner, platform: Platform) {
        self.runner = runner
        self.platform = platform
    }

    /// One exported journey: where it goes and what it holds.
    public struct Exported: Sendable {
        public var suite: String
        public var slug: String
        public var name: String
        public var xml: String
        /// The actions as written (decoded), for the index.
        public var actions: [String]
        /// The capability actions' scenario lines, for the suite README's manual checks.
        public var manualChecks: [String]
        /// The scenario file and row it came from.
        public var scenario: String
        public var example: Int?

        public var path: String { "journeys/\(suite)/\(slug).xml" }
    }

    public enum Failure: Error, CustomStringConvertible {
        case malformed(String)
        case failed(scenario: String, reason: String)

        public var description: String {
            switch self {
            case .malformed(let message): message
            case .failed(let scenario, let reason): "\(scenario) does not run, so it is not exported: \(reason)"
            }
        }
    }

    /// Every run of every file, in file order; `jobs` runs at once.
    public func export(files: [String], jobs: Int = 2) throws(Failure) -> [Exported] {
        var parsed: [Scenario] = []
        for file in files {
            do {
                parsed += try ScenarioParser.parse(file: file).runs()
            } catch {
                throw .malformed(error.description)
            }
        }
        // A scenario that does not run on the platform (`skip on …`, `platforms:`) exports nothing.
        let runs = parsed.filter { $0.skipReason(on: runner.platform) == nil }
        let results = InOrderWork.map(count: runs.count, jobs: jobs) { index -> Result<Exported?, Failure> in
            do throws(Failure) { return .success(try export(runs[index])) } catch { return .failure(error) }
        }
        var exported: [Exported] = []
        for result in results {
            switch result {
            case .success(let journey): if let journey { exported.append(journey) }
            case .failure(let failure): throw failure
            }
        }
        return exported
    }

    /// The scenario's journey; nil when every step of it is setup (a journey with no action is no
    /// journey: the scenario is left out, as one skipped on the platform is).
    private func export(_ written: Scenario) throws(Failure) -> Exported? {
        // The lines for the platform the export's worlds are made for.
        let scenario = written.running(on: runner.platform)
        let split = CatalogueSplit(scenario)
        let name = URL(fileURLWithPath: scenario.file).lastPathComponent
        func fail(_ step: Step?, _ reason: String) -> Failure {
            .failed(
                scenario: name + (scenario.example.map { "[\($0.number)]" } ?? ""),
                reason: (step.map { "\($0.file):\($0.line) `\($0.source)`: " } ?? "") + reason)
        }
        let journeyScript: JourneyScript
        do {
            journeyScript = try JourneyScript(scenario: scenario, runner: runner, world: nil, prefix: "export")
        } catch {
            throw fail(nil, "no world: \(error.actual)")
        }
        defer { journeyScript.close(keepWorld: false) }
        var script = journeyScript.run
        for step in split.setup {
            do { try script.perform(step) } catch { throw fail(step, Self.reason(error)) }
        }
        let prepared = Self.preparedState(
            &script, phraser: StepPhraser(platform: platform, dynamic: [], keys: script.symbols.keys))
        var phraser = StepPhraser(
            platform: platform, dynamic: Set(split.rest.compactMap(Self.boundName)), keys: script.symbols.keys)
        var actions: [String] = []
        var index = 0
        let steps = split.rest
        while index < steps.count {
            let step = steps[index]
            // A step that may fail carries its `expect exit N` (the parser marked it `expectFailure`).
            var line = step.source
            var consumed = 1
            if case .run(_, _, _, true) = step.kind, index + 1 < steps.count {
                line += "; " + steps[index + 1].source
                consumed = 2
            }
            var phrased = phraser.phrase(step, line: line, screens: script.shownScreens)
            if case .run = step.kind { script.lastOutput = nil }
            for offset in 0..<consumed {
                do { try script.perform(steps[index + offset]) } catch {
                    throw fail(steps[index + offset], Self.reason(error))
                }
            }
            // A step the app refused (`notice:`) is no interaction a journey can write: it runs as itself.
            if case .run = step.kind, script.lastOutput?.stderr.contains("notice:") == true,
                !(phrased.first?.hasPrefix("Simulator capability") ?? true)
            {
                phrased = [phraser.refused(step, line: line)]
            }
            actions += phrased
            index += consumed
        }
        guard !actions.isEmpty else { return nil }
        let ringInvolved =
            split.rest.contains { if case .run(.ring, _, _, _) = $0.kind { true } else { false } }
            || !(script.shownScreens["ring"]?.rows.isEmpty ?? true)
        let description = Self.description(
            scenario: scenario, split: split, prepared: prepared, ringInvolved: ringInvolved,
            dropped: phraser.droppedChecks, platform: platform)
        let title = Self.titleWithoutNumber(scenario.title).lowercased()
        let journeyName = scenario.example.map { "\(title) (row \($0.number))" } ?? title
        let xml = Self.xml(name: journeyName, description: description, actions: actions)
        return Exported(
            suite: Self.suite(scenario.tags), slug: Self.slug(scenario), name: journeyName, xml: xml, actions: actions,
            manualChecks: phraser.capabilityLines, scenario: scenario.file, example: scenario.example?.number)
    }

    static func reason(_ error: Error) -> String {
        if let failure = error as? ScriptRun.StepFailure {
            return "expected \(failure.expected), found \(failure.actual)"
        }
        return "\(error)"
    }

    static func boundName(_ step: Step) -> String? {
        switch step.kind {
        case .set(let name, _), .bindKey(let name, _), .key(let name, _): name
        default: nil
        }
    }

    /// The suite from the first tag other than `manual`/`regression` (spec/08 §4.1).
    static func suite(_ tags: [String]) -> String {
        switch tags.first(where: { $0 != "manual" && $0 != "regression" }) {
        case "links"?, "invite"?: "pubky-auth"
        case "bitkit-pubky"?, "wipe"?, "import"?: "pubky-ring"
        case "paykit"?: "payment-requests"
        default: "pubky-profile"
        }
    }

    /// The file name without `.scenario` and its `NN-`/`RNN-`/`PNN-`/`DNN-` prefix, `-<row>` for a row.
    static func slug(_ scenario: Scenario) -> String {
        let name = URL(fileURLWithPath: scenario.file).deletingPathExtension().lastPathComponent
        let bare = name.replacing(#/^[A-Z]?[0-9]+-/#, with: "")
        return bare + (scenario.example.map { "-\($0.number)" } ?? "")
    }

    /// `2. Pick …` → `Pick …`; the number is `2`.
    static func titleWithoutNumber(_ title: String) -> String {
        title.replacing(#/^[A-Z]?[0-9]+\.\s*/#, with: "")
    }

    static func number(_ title: String) -> String {
        title.firstMatch(of: #/^([A-Z]?[0-9]+)\./#).map { String($0.output.1) } ?? title
    }

    static let ringSentence: [Platform: String] = [
        .ios:
            "Precondition, outside the Capabilities table in journeys/README.md: Pubky Ring installed on the same simulator or device and signed by the same Apple team, so it shares Bitkit's pubky.shared keychain group. Without Pubky Ring, run these steps as a manual test and name the missing capability in the PR.",
        .android:
            "Precondition (not a listed capability): Pubky Ring (package app.pubkyring) installed on the same device and signed with this repository's app/debug.keystore. Without Pubky Ring, run these steps as a manual test and name the missing capability in the PR.",
    ]

    /// The state after the setup part, as the description states it (spec/08 §4.2): Bitkit's identity
    /// and screen, Ring's pubkys in order with `(signed up)` / `(not signed up)` / `(from Bitkit)`, and
    /// the outside inputs the setup prepared.
    static func preparedState(_ script: inout ScriptRun, phraser: StepPhraser) -> String {
        func document(_ tool: Tool) -> [String: Any]? {
            guard let result = try? script.launch(tool, ["state"], background: false), result.status == 0 else {
                return nil
            }
            return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
        }
        var parts: [String] = []
        if let bitkit = document(.bitkit), let identity = bitkit["identity"] as? [String: Any] {
            let kind = identity["kind"] as? String ?? "NONE"
            let key = (identity["publicKey"] as? String).map { " " + phraser.literal($0) } ?? ""
            let route = (bitkit["route"] as? String).map { ", showing \($0)" } ?? ""
            parts.append("Bitkit's identity \(kind)\(key)\(route)")
        }
        if let ring = document(.ring), let pubkys = ring["pubkys"] as? [[String: Any]] {
            let listed = pubkys.map { entry -> String in
                let pubky = phraser.literal(entry["pubky"] as? String ?? "")
                if entry["sourceApp"] is String { return "\(pubky) (from Bitkit)" }
                return pubky + ((entry["signedUp"] as? Bool) == true ? " (signed up)" : " (not signed up)")
            }
            parts.append(
                listed.isEmpty ? "Pubky Ring holds no pubky" : "Pubky Ring holds " + listed.joined(separator: ", "))
        }
        let rowNames = Set((script.scenario.example?.bindings ?? []).map(\.name))
        let inputs = script.symbols.values.keys.filter { Symbols.constants[$0] == nil && !rowNames.contains($0) }
        for name in inputs.sorted() { parts.append("a prepared <\(name.lowercased())>") }
        return parts.joined(separator: "; ")
    }

    static func description(
        scenario: Scenario, split: CatalogueSplit, prepared: String, ringInvolved: Bool, dropped: Bool,
        platform: Platform
    ) -> String {
        var parts = [titleWithoutNumber(scenario.title) + "."]
        parts.append(
            "Catalogue scenario \(number(scenario.title)) (spec/06)."
                + (scenario.example.map { " Examples row \($0.number)." } ?? ""))
        var preconditions =
            "Preconditions: the catalogue's baseline (regtest Bitkit with a wallet, Enable Paykit UI on, profile intro seen; Pubky Ring onboarded)"
        if !prepared.isEmpty { preconditions += "; then " + prepared }
        parts.append(preconditions + ".")
        if ringInvolved {
            parts.append("Bitkit has no way to seed Ring records itself.")
            parts.append(ringSentence[platform] ?? "")
        }
        if dropped {
            parts.append("The simulator catalogue also checks the keychain, homeserver and journal for this scenario.")
        }
        return parts.joined(separator: " ")
    }

    /// No XML declaration, two-space indent, one line per element, LF, final newline (spec/08 §4.1).
    static func xml(name: String, description: String, actions: [String]) -> String {
        var lines = ["<journey name=\"\(escape(name).replacingOccurrences(of: "\"", with: "&quot;"))\">"]
        lines.append("  <description>\(escape(description))</description>")
        lines.append("  <actions>")
        lines += actions.map { "    <action>\(escape($0))</action>" }
        lines.append("  </actions>")
        lines.append("</journey>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\n", with: " ")
    }
}
