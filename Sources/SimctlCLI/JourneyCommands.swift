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
        subcommands: [run])

    static let run = Command(
        "run",
        summary: "Evaluate each action of a journey in order: held, did not hold, needs a person, not performable.",
        usage:
            "FILE.xml [--platform ios|android] [--bind NAME=VALUE]… [--setup STEPS | --setup-file F] [--junit F] [--html DIR]",
        details: """
            Runs in the world of --world (default: the current folder). --setup / --setup-file first run scenario \
            steps there (`;` separates steps in --setup; Docs/scenarios.md), e.g. Ring holding two identities; their \
            keys bind `<ring-pubky-a>` (bare), `<a-caption>`, `<secret-a>`, and `set NAME` binds `<name>`. \
            `<UDID>` is `booted`, `<ring-bundle-id>` `app.pubkyring`, `<own-public-key>` Bitkit's active pubky and \
            `<ring-pubky>` Ring's only pubky; --bind NAME=VALUE (no brackets) wins over all. --platform picks the \
            attribute ids address: `id` on ios (default), `testTag` on android. Each action ends held, did not \
            hold (the run goes on; what the screen showed is printed), timing (`report "already …"`), needs a \
            person, skipped (a false `If …`), not performable as written or crashed (later actions are not run). \
            Exit 0 when nothing did not hold, was not performable or crashed; 1 otherwise or when the setup \
            fails; 2 for a malformed file (line and column), an unbound placeholder in an id, command or quote, \
            or two setup options; 3 without a world. --junit F writes a JUnit XML report (one case per \
            action); --html DIR a page with each action's prose, status and both phones after it. The forms \
            it recognises: Docs/journeys.md.
            """,
        examples: [
            "W=$(mktemp -d)/world && simctl world init --with-apps --world \"$W\"",
            "simctl journey run Fixtures/journeys/pubky-profile/ring-choice-rows.xml --setup-file Fixtures/journeys/pubky-profile/ring-choice-rows.steps --world \"$W\"",
        ]
    ) { args, invocation in
        let platform = try args.option("--platform", expecting: "ios or android") { JourneyPlatform(rawValue: $0) }
        let binds = try args.options("--bind")
        let setupText = try args.option("--setup")
        let setupFile = try args.option("--setup-file")
        let junit = try args.option("--junit")
        let html = try args.option("--html")
        let file = try args.positional("FILE.xml")
        try args.finish()
        if setupText != nil, setupFile != nil { throw CLIError.usage("Give --setup or --setup-file, not both.") }
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
        try invocation.world.requireExists()
        let journeyRunner = JourneyRunner(
            runner: ScenarioRunner(), platform: platform ?? .ios, world: invocation.world.root, bindings: bindings,
            setup: setup, setupPath: setupFile ?? "--setup")
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
