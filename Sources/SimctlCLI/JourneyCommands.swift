import ContractNames
import Foundation
import JourneyRunner
import RunReport
import Scenarios
import SimCLI
import WorldFiles

/// `simctl journey run FILE.xml`: a Bitkit journey (spec/08 §1) evaluated against the simulated apps.
enum JourneyCommands {
    static let group = Command(
        "journey", summary: "Run the apps' journey files (spec/08) against the simulated Bitkit and Pubky Ring.",
        examples: [
            "simctl journey run Fixtures/journeys/pubky-profile/ring-choice-rows.xml --setup-file Fixtures/journeys/pubky-profile/ring-choice-rows.steps"
        ],
        subcommands: [run, export])

    static let export = Command(
        "export",
        summary: "Write catalogue scenarios as journeys in the apps' format, with index.json and suite READMEs.",
        usage: "[SCENARIO…] --out DIR [--platform ios|android|both] [--jobs N] [--check]",
        details: """
            Runs each scenario (default: every Fixtures/scenarios/*.scenario) once in a fresh world, as `simctl \
            scenario run` does, and phrases each step after its setup part from the screen the app showed before \
            it: a journey action with the real ids where one does exactly what the step does, else a \
            `Simulator capability "…": run `…`` action. Writes DIR/journeys/<suite>/<slug>.xml (one per scenario \
            and examples row), journeys/index.json and a README.md per suite; with `both`, DIR/ios/… and \
            DIR/android/…. Same catalogue, same bytes. A scenario that does not pass is not exported: exit 1, \
            nothing written. Check one with `simctl journey run FILE.xml --scenario SCENARIO`; --check then runs every \
            written journey that way (in this process, --jobs at a time), printing PASS or FAIL and the report per \
            journey and `N passed, N failed`: exit 1 when one does not hold. See Docs/journeys.md.
            """,
        examples: [
            "simctl journey export Fixtures/scenarios/02-pick-signed-up-ring-pubky.scenario --out exported",
            "simctl journey run exported/journeys/pubky-profile/pick-signed-up-ring-pubky.xml --scenario Fixtures/scenarios/02-pick-signed-up-ring-pubky.scenario",
            "simctl journey export Fixtures/scenarios/02-pick-signed-up-ring-pubky.scenario Fixtures/scenarios/03-pick-never-signed-up-ring-pubky.scenario --out checked --check",
        ]
    ) { args, invocation in
        guard let out = try args.option("--out") else { throw CLIError.usage("Give --out DIR.") }
        let which = try args.option("--platform") ?? Platform.default.rawValue
        guard which == "both" || Platform(rawValue: which) != nil else {
            throw CLIError.usage("--platform takes ios, android or both, not '\(which)'.")
        }
        let jobs = try args.option("--jobs", expecting: "a positive whole number") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let check = args.flag("--check")
        var files = args.remainingPositionals()
        try args.finish()
        if files.isEmpty {
            let folder = "Fixtures/scenarios"
            files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                $0.hasSuffix(".scenario")
            }
            .sorted().map { "\(folder)/\($0)" }
            guard !files.isEmpty else { throw CLIError.usage("No scenario files given, and none under \(folder).") }
        }
        let platforms = which == "both" ? Platform.allCases : [Platform(rawValue: which) ?? .default]
        struct Entry: Encodable {
            var file: String
            var scenario: String
            var example: Int?
        }
        struct Checked: Encodable {
            var file: String
            var passed: Bool
            var summary: String
            /// A failed journey's report (or why it could not run).
            var report: String?
        }
        struct Output: Encodable {
            var written: [String]
            var journeys: [Entry]
            var checked: [Checked]?
            var passed: Int?
            var failed: Int?
        }
        let jobCount = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        // One set of serving processes for every run of the export and its checks.
        let serving = ServingTools(binDirectory: ScenarioRunner().binDirectory)
        defer { serving.shutdown() }
        var written: [(String, String)] = []
        var entries: [Entry] = []
        var toCheck: [(runner: ScenarioRunner, journeys: [JourneyExporter.Exported], files: [String])] = []
        for platform in platforms {
            // Each platform's journeys come from runs on that platform's worlds.
            var runner = ScenarioRunner()
            runner.platform = platform
            runner.servingTools = serving
            let exporter = JourneyExporter(runner: runner, platform: platform)
            let exported: [JourneyExporter.Exported]
            do throws(JourneyExporter.Failure) {
                exported = try exporter.export(files: files, jobs: jobCount)
            } catch {
                throw CLIError.failure(error.description)
            }
            let prefix = which == "both" ? platform.rawValue + "/" : ""
            entries += exported.map { Entry(file: prefix + $0.path, scenario: $0.scenario, example: $0.example) }
            written += JourneyExportFolder.files(exported, platform: platform).map { (prefix + $0.0, $0.1) }
            toCheck.append((runner, exported, exported.map { prefix + $0.path }))
        }
        let root = URL(fileURLWithPath: out)
        for (path, content) in written {
            let url = root.appendingPathComponent(path, isDirectory: false)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(content.utf8).write(to: url)
            } catch {
                throw CLIError.usage("Cannot write \(url.path): \(error.localizedDescription)")
            }
        }
        let journeys = written.filter { $0.0.hasSuffix(".xml") }.map(\.0)
        var output = Output(written: written.map(\.0), journeys: entries)
        var text =
            "\(journeys.count) journey(s) written under \(out):\n" + journeys.map { "  \($0)" }.joined(separator: "\n")
        if check {
            let checked = toCheck.flatMap { platform in
                JourneyExportCheck(runner: platform.runner, platform: platform.runner.platform).check(
                    platform.journeys, files: platform.files, jobs: jobCount)
            }
            let failed = checked.filter { !$0.passed }.count
            output.checked = checked.map {
                Checked(
                    file: $0.file, passed: $0.passed, summary: $0.report?.summary ?? "failed: did not run",
                    report: $0.passed ? nil : $0.report?.text ?? $0.problem)
            }
            output.passed = checked.count - failed
            output.failed = failed
            text +=
                "\n" + checked.map(\.line).joined(separator: "\n")
                + "\n\(checked.count - failed) passed, \(failed) failed"
        }
        try invocation.emit(output, text: text)
        if output.failed ?? 0 > 0 { throw ExitStatus(code: 1) }
    }

    static let run = Command(
        "run",
        summary: "Evaluate each action of a journey in order: held, did not hold, needs a person, not performable.",
        usage:
            "FILE.xml [--platform ios|android] [--bind NAME=VALUE]… [--setup STEPS | --setup-file F | --scenario FILE.scenario [--example N] [--keep]] [--release-held-after S] [--junit F] [--html DIR]",
        details: """
            Runs in the world of --world (default: the current folder). --setup / --setup-file first run scenario \
            steps there (`;` separates steps in --setup; Docs/scenarios.md), e.g. Ring holding two identities; their \
            keys bind `<ring-pubky-a>` (bare), `<a-caption>`, `<secret-a>`, and `set NAME` binds `<name>`. The world \
            binds the rest when an action first uses them: `<UDID>` (`booted`), `<ring-pubky>` (every Ring identity: \
            a check ranges over them), `<named-ring-pubky>`, `<own-public-key>`, `<fixture-issuer-public-key>`, \
            `<negotiated-receiver-path>`, `<payment-request-id>`, `<current address>`…; --bind NAME=VALUE (no \
            brackets) wins over all. --platform picks the attribute ids address: `id` on ios (default), `testTag` \
            on android. Each action is read as a person reads it (sentences, conditions and their scope, negation, \
            referents, places by meaning) and each step ends held, did not hold (the run goes on; what the screen \
            showed is printed), timing (`report "already …"`), needs a person, skipped (a false `If …`), not \
            performable as written or crashed (later actions are not run). Exit 0 when nothing did not hold, was \
            not performable or crashed; 1 otherwise or when the setup fails. --scenario runs in a fresh temporary \
            world prepared by that catalogue scenario's setup part (its includes and leading setup steps; --example \
            N picks a row of an examples table, --keep keeps the world), bound with its keys and links: how an \
            exported journey is checked. --release-held-after S lets background work the setup holds at a \
            breakpoint (`STEP &`) finish once the journey has run S simulated seconds (default: it stays held). \
            Exit 2 for a malformed file (line and column), a placeholder in an id, command or quote that nothing \
            binds, or two setup options; 3 without a world. --junit F writes a JUnit XML report (one case per \
            step); --html DIR a page with each step's prose, status, bindings and both phones after it. The forms \
            it recognises: Docs/journeys.md.
            """,
        examples: [
            "W=$(mktemp -d)/world && simctl world init --with-apps --world \"$W\"",
            "simctl journey run Fixtures/journeys/pubky-profile/ring-choice-rows.xml --setup-file Fixtures/journeys/pubky-profile/ring-choice-rows.steps --world \"$W\"",
        ]
    ) { args, invocation in
        let platform = try args.platform()
        let binds = try args.options("--bind")
        let setupText = try args.option("--setup")
        let setupFile = try args.option("--setup-file")
        let scenarioFile = try args.option("--scenario")
        let example = try args.option("--example", expecting: "a row number (1, 2, …)") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let keep = args.flag("--keep")
        let releaseHeldAfter = try args.option("--release-held-after", expecting: "a whole number of seconds") {
            Int($0).flatMap { $0 >= 0 ? $0 : nil }
        }
        let junit = try args.option("--junit")
        let html = try args.option("--html")
        let file = try args.positional("FILE.xml")
        try args.finish()
        if [setupText, setupFile, scenarioFile].compactMap({ $0 }).count > 1 {
            throw CLIError.usage("Give one of --setup, --setup-file and --scenario.")
        }
        var bindings: [String: String] = [:]
        for bind in binds {
            guard let equals = bind.firstIndex(of: "="), equals != bind.startIndex else {
                throw CLIError.usage("--bind takes NAME=VALUE (the placeholder's name without brackets): '\(bind)'.")
            }
            bindings[String(bind[..<equals])] = String(bind[bind.index(after: equals)...])
        }
        let text = String(
            decoding: try UserFile.read(file, what: "the journey file", limit: .scenarioFile), as: UTF8.self)
        var setup = setupText.map {
            $0.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
        }
        if let setupFile {
            setup = String(
                decoding: try UserFile.read(setupFile, what: "--setup-file", limit: .scenarioFile), as: UTF8.self)
        }
        // A journey prepared by its scenario runs on a world of its platform.
        var scenarioRunner = ScenarioRunner()
        scenarioRunner.platform = platform
        var journeyRunner = JourneyRunner(
            runner: scenarioRunner, platform: platform, world: invocation.world.root, bindings: bindings,
            setup: setup, setupPath: setupFile ?? "--setup")
        journeyRunner.releaseHeldAfter = releaseHeldAfter
        if let scenarioFile {
            let runs: [Scenario]
            do throws(ScenarioError) {
                runs = try ScenarioParser.parse(file: scenarioFile).runs(onlyRow: example)
            } catch {
                throw CLIError.usage(error.description)
            }
            guard runs.count == 1 else {
                throw CLIError.usage("\(scenarioFile) has \(runs.count) example rows: pick one with --example N.")
            }
            journeyRunner.scenario = runs[0]
            journeyRunner.keepWorld = keep
        } else {
            try invocation.world.requireExists()
        }
        let report: JourneyReport
        do throws(JourneyRunError) {
            report = try journeyRunner.run(file: file, text: text)
        } catch {
            switch error {
            case .usage(let message): throw CLIError.usage(message)
            case .setupFailed(let message): throw CLIError.failure(message)
            }
        }
        if let junit {
            do {
                try Data(report.junit.utf8).write(to: URL(fileURLWithPath: junit))
            } catch {
                throw CLIError.usage("Cannot write the JUnit report to \(junit): \(error.localizedDescription)")
            }
        }
        if let html {
            do throws(ReportError) {
                try ReportFolder(url: URL(fileURLWithPath: html)).writeJourney(report.record)
            } catch {
                throw CLIError.usage("Cannot write the HTML report to \(html): \(error.description)")
            }
        }
        if invocation.json {
            Output.write(
                try Invocation.jsonString(CheckedReport(report, failed: report.passed ? nil : "The journey failed."))
                    + "\n")
        } else {
            Output.write(report.text + "\n")
        }
        if !report.passed { throw ExitStatus(code: 1) }
    }
}
