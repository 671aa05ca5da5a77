import Audit
import ContractNames
import Foundation
import Mutation
import SimCLI
import WorldFiles

/// `simctl mutate`: the mutation campaign (Docs/mutation.md) — which mistakes in the rule-bearing
/// sources the catalogue would catch.
enum MutateCommands {
    static let group = Command(
        "mutate", summary: "Mutation campaign: small mistakes put into the sources, and which scenario catches each.",
        details: """
            The sources in scope are listed in Fixtures/mutation/scope (run from the repository's folder); the reviewed
            equivalent mutants in Fixtures/mutation/equivalent. Docs/mutation.md explains the operators, the ids and the
            figures.
            """,
        examples: [
            "simctl mutate list --module IdentitySharing | tail -1",
            "simctl mutate show $(simctl mutate list --json | jq -r '.[0].id')",
            "simctl mutate run --sample 6 --seed 41 --dry-run",
        ],
        subcommands: [list, show, run, audit])

    static let scopeFile = "Fixtures/mutation/scope"
    static let equivalentFile = "Fixtures/mutation/equivalent"

    // MARK: list

    static let list = Command(
        "list", summary: "Print every mutation point in scope: its id, place and change.",
        usage: "[--module M]… [--operator OP]… [--json]",
        details: """
            One line per mutant: id, file:line, the enclosing declaration, then the text before and after. The id comes
            from the declaration, the operator and the mutated text (never the line), so it survives edits elsewhere.
            --module and --operator (repeatable) keep only those; operators: \(MutationOperator.allCases.map(\.rawValue).joined(separator: ", ")).
            """,
        examples: [
            "simctl mutate list --module Keychain --operator equality | tail -1",
            "simctl mutate list --json | jq length",
        ]
    ) { args, invocation in
        let filter = try Filter(&args)
        try args.finish()
        let catalogue = try scan()
        let points = filter.apply(catalogue.points)
        if invocation.json {
            Output.write(try Invocation.jsonString(points) + "\n")
            return
        }
        for point in points {
            Output.write(
                "\(point.id)  \(point.file):\(point.line)  \(point.declaration)\n    \(point.original)\n  → \(point.mutated.isEmpty ? "(deleted)" : point.mutated)\n"
            )
        }
        Output.write("\(points.count) mutant(s) in \(Set(points.map(\.module)).count) module(s)\n")
    }

    // MARK: show

    static let show = Command(
        "show", summary: "Print mutants as unified diffs of their files.", usage: "ID…",
        examples: ["simctl mutate show $(simctl mutate list --json | jq -r '.[0].id')"]
    ) { args, invocation in
        let ids = args.remainingPositionals()
        try args.finish()
        guard !ids.isEmpty else { throw CLIError.usage("Give at least one mutant id (`simctl mutate list`).") }
        let catalogue = try scan()
        for id in ids {
            guard let point = catalogue.point(id) else {
                throw CLIError.usage("No mutant has the id \(id) in today's sources: `simctl mutate list` prints them.")
            }
            Output.write("# \(point.id): \(point.op.summary) in \(point.declaration)\n" + catalogue.diff(point))
        }
    }

    // MARK: audit (the campaign's own)

    static let audit = Command(
        "audit", summary: "Run the audit over many kept worlds in one process (the campaign's judge of audit mutants).",
        usage: "WORLD…",
        details: """
            For each WORLD (a folder `simctl scenario run --keep` kept), the invariants of `simctl audit`; prints one JSON
            document with each world's violated invariants (or its error). The campaign runs it with SIM_MUTANT set, once
            per mutant of the audit, instead of one `simctl audit` per world.
            """,
        examples: ["simctl mutate audit . --json"]
    ) { args, invocation in
        let worlds = args.remainingPositionals()
        try args.finish()
        guard !worlds.isEmpty else { throw CLIError.usage("Give at least one world folder.") }
        struct Verdict: Encodable {
            var world: String
            var violations: [String]
            var error: String?
        }
        let verdicts = worlds.map { path -> Verdict in
            do {
                let report = try Audit(world: WorldFiles.World(root: URL(fileURLWithPath: path))).run()
                return Verdict(
                    world: path, violations: report.violations.map { "\($0.invariant.rawValue): \($0.message)" })
            } catch {
                return Verdict(world: path, violations: [], error: "\(error)")
            }
        }
        Output.write(try Invocation.jsonString(["worlds": verdicts]) + "\n")
    }

    // MARK: run

    static let run = Command(
        "run", summary: "Build the schema copy, run the catalogue against each mutant, print the figures.",
        usage:
            "[FILE…] [--module M]… [--operator OP]… [--mutant ID]… [--sample N] [--seed N] [--platform ios|android]… [--jobs N] [--step-timeout S] [--out DIR] [--schema DIR] [--markdown] [--quiet] [--require-kill] [--dry-run]",
        details: """
            1. Scans the sources in scope and rewrites them, under .build/mutate/package (never the sources), with every
               mutation point as a switch on SIM_MUTANT; type-checks the rewritten modules against this build's modules
               (a point that does not compile is switched back: "did not build") and builds the copy once in release.
            2. Runs every scenario file once per platform without a mutant, recording which points each file reaches.
            3. Runs each mutant against the files that reach it, on iOS and Android, those that killed most first, and
               stops at the first failed expectation or audit. A point no scenario reaches survives without a run.
            Prints a table per module (--markdown: Markdown; --json: everything) and each survivor; writes
            campaign.json, campaign.md, index.html and one page per survivor with its diff to --out (default
            .build/mutate/report). FILE… replaces the catalogue (default: Fixtures/scenarios, and Fixtures/scenarios/android
            on Android). --mutant, --module, --operator and --sample N (a seeded choice, --seed, default 1) pick the
            mutants; --platform (repeatable) the platforms (default both); --jobs N mutants at once (default: the cores).
            Exit 1 when a file fails without any mutant, when the copy cannot be built, or with --require-kill when no
            mutant was killed. --schema DIR keeps the schema copy and its build in DIR (default .build/mutate): a
            second campaign over other sources needs its own while the first runs. Run it with `nice`: a full
            campaign keeps both cores busy for most of an hour. --dry-run prints the mutants and files a run would
            take, and builds nothing.
            """,
        examples: [
            "simctl mutate run --module IdentitySharing --operator equality --dry-run | tail -1",
            "simctl mutate run --sample 6 --seed 41 --require-kill --dry-run",
            "simctl mutate run --mutant equality-0000000000   # exit 2: no mutant has that id",
        ]
    ) { args, invocation in
        try execute(&args, invocation)
    }

    struct Filter {
        var modules: [String]
        var operators: [MutationOperator]
        var ids: [String]

        init(_ args: inout Arguments) throws {
            modules = try args.options("--module")
            operators = try args.options("--operator").map { name in
                guard let op = MutationOperator(rawValue: name) else {
                    throw CLIError.usage(
                        "Unknown operator '\(name)': expected one of \(MutationOperator.allCases.map(\.rawValue).joined(separator: ", "))."
                    )
                }
                return op
            }
            ids = try args.options("--mutant")
        }

        func apply(_ points: [MutationPoint]) -> [MutationPoint] {
            points.filter { point in
                (modules.isEmpty || modules.contains(point.module))
                    && (operators.isEmpty || operators.contains(point.op))
                    && (ids.isEmpty || ids.contains(point.id))
            }
        }
    }

    static func scan() throws -> MutantCatalogue {
        guard let text = try? String(contentsOfFile: scopeFile, encoding: .utf8) else {
            throw CLIError.usage(
                "Cannot read \(scopeFile): run simctl mutate from the repository's folder (it lists the sources in scope)."
            )
        }
        let scope: CampaignScope
        do throws(CampaignScope.Malformed) {
            scope = try CampaignScope.parse(text)
        } catch {
            throw CLIError.usage("\(scopeFile), \(error.description).")
        }
        let catalogue = MutantCatalogue.scan(
            repository: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), scope: scope)
        guard !catalogue.points.isEmpty else {
            throw CLIError.usage("\(scopeFile) names no Swift file with a mutation point under Sources/.")
        }
        return catalogue
    }

    static func equivalents() throws -> EquivalentMutants {
        guard let text = try? String(contentsOfFile: equivalentFile, encoding: .utf8) else {
            return EquivalentMutants()
        }
        do throws(EquivalentMutants.Malformed) {
            return try EquivalentMutants.parse(text)
        } catch {
            throw CLIError.usage("\(equivalentFile), \(error.description).")
        }
    }

    static func execute(_ args: inout Arguments, _ invocation: Invocation) throws {
        let started = Date()
        let filter = try Filter(&args)
        let sample = try args.option("--sample", expecting: "a positive whole number") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let seed = try args.option("--seed", expecting: "a whole number") { UInt64($0) } ?? 1
        let platformNames = try args.options("--platform").map { $0.lowercased() }
        let jobs = try args.option("--jobs", expecting: "a positive whole number") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let stepTimeout = try args.option("--step-timeout", expecting: "a positive whole number of seconds") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let out = try args.option("--out") ?? ".build/mutate/report"
        let schemaFolder = try args.option("--schema") ?? ".build/mutate"
        let asMarkdown = args.flag("--markdown")
        let quiet = args.flag("--quiet")
        let requireKill = args.flag("--require-kill")
        let dryRun = args.flag("--dry-run")
        let named = args.remainingPositionals()
        try args.finish()
        let chosenPlatforms = try platformNames.map { name -> Platform in
            guard let platform = Platform(rawValue: name) else {
                throw CLIError.usage("Unknown platform '\(name)': expected ios or android.")
            }
            return platform
        }
        let progress: @Sendable (String) -> Void = { line in if !quiet { Output.error(line + "\n") } }
        let repository = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let catalogue = try scan()
        var chosen = filter.apply(catalogue.points)
        if let sample { chosen = Campaign.sample(chosen, count: sample, seed: seed) }
        if let unknown = filter.ids.first(where: { id in !catalogue.points.contains { $0.id == id } }) {
            throw CLIError.usage(
                "No mutant has the id \(unknown) in today's sources: `simctl mutate list` prints them.")
        }
        guard !chosen.isEmpty else { throw CLIError.usage("No mutant matches the --module/--operator/--mutant given.") }
        let equivalents = try equivalents()
        let platforms = try (chosenPlatforms.isEmpty ? Platform.allCases : chosenPlatforms).map { platform in
            // The shared catalogue, and the platform's own folder where it has one (Fixtures/scenarios/android).
            let own = "Fixtures/scenarios/" + platform.rawValue
            let folders = ["Fixtures/scenarios"] + (FileManager.default.fileExists(atPath: own) ? [own] : [])
            return Campaign.Platform(
                name: platform.rawValue, files: try ScenarioFiles.checked(named, orCatalogueIn: folders))
        }

        if dryRun {
            for point in chosen { Output.write("\(point.id)  \(point.file):\(point.line)  \(point.declaration)\n") }
            let files = platforms.map { "\($0.files.count) file(s) on \($0.name)" }.joined(separator: ", ")
            Output.write("\(chosen.count) mutant(s) of \(catalogue.points.count), against \(files)\n")
            return
        }

        // 1. The schema build: every point of the catalogue, so any slice reuses one build.
        let modules = SiblingTool.directory.appendingPathComponent("Modules", isDirectory: true)
        let builder = SchemaBuild(
            repository: repository,
            folder: URL(fileURLWithPath: schemaFolder, relativeTo: repository).standardizedFileURL,
            mainModules: FileManager.default.fileExists(atPath: modules.path) ? modules : nil, log: progress)
        let built: SchemaBuild.Built
        do {
            built = try builder.build(catalogue, enabled: Set(catalogue.points.map(\.id)))
        } catch let failure as SchemaBuild.Failure {
            Output.error("error: \(failure.description)\n")
            throw ExitStatus(code: 1)
        }
        progress(
            String(
                format: "schema built in %.0f s: %d point(s) switched back (did not build)", built.seconds,
                built.didNotBuild.count))

        // 2–3. Baseline with coverage, then the mutants.
        let campaign = Campaign(
            mutants: chosen, platforms: platforms, equivalents: equivalents, didNotBuild: built.didNotBuild,
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let lab = ProcessLab(bin: built.bin, directory: repository, stepTimeout: stepTimeout ?? 30)
        let result = campaign.run(lab: lab, progress: progress)

        let wall = Date().timeIntervalSince(started)
        let evaluated = result.outcomes.values.filter { $0.status == "killed" || $0.status == "survived" }.count
        var notes = catalogue.unmatched.map { "\(scopeFile): `\($0)` matches no file under Sources/" }
        notes += catalogue.unreadable.map { "not scanned: \($0)" }
        let known = Set(catalogue.points.map(\.id))
        notes += equivalents.reasons.keys.sorted().filter { !known.contains($0) }.map {
            "\(equivalentFile): \($0) is no mutant of today's sources (stale entry)"
        }
        let report = CampaignReport(
            points: chosen, result: result,
            timing: CampaignReport.Timing(
                wallSeconds: wall.rounded(), buildSeconds: built.seconds.rounded(),
                coverageSeconds: result.coverageSeconds.rounded(),
                evaluationSeconds: result.evaluationSeconds.rounded(),
                mutantsPerMinute: wall > 0 ? (Double(evaluated) / (wall / 60) * 10).rounded() / 10 : 0,
                jobs: campaign.jobs, platforms: platforms.map(\.name),
                files: Set(platforms.flatMap(\.files)).count),
            notes: notes)
        try write(report, catalogue: catalogue, to: out)
        if invocation.json {
            Output.write(try Invocation.jsonString(report) + "\n")
        } else {
            Output.write((asMarkdown ? report.markdown() + "\n\n" + report.summaryLine : report.text()) + "\n")
        }
        progress("report: \(URL(fileURLWithPath: out).appendingPathComponent("index.html", isDirectory: false).path)")
        if !report.baselineFailures.isEmpty || (requireKill && report.total.killed == 0) { throw ExitStatus(code: 1) }
    }

    static func write(_ report: CampaignReport, catalogue: MutantCatalogue, to folder: String) throws {
        let root = URL(fileURLWithPath: folder)
        try? FileManager.default.removeItem(at: root.appendingPathComponent("survivors", isDirectory: true))
        var diffs: [String: String] = [:]
        for survivor in report.survivors {
            if let point = catalogue.point(survivor.id) { diffs[survivor.id] = catalogue.diff(point) }
        }
        var files = MutationPages.pages(report, diffs: diffs)
        files["campaign.json"] = try Invocation.jsonString(report) + "\n"
        files["campaign.md"] = report.markdown() + "\n\n" + report.summaryLine + "\n"
        for (path, text) in files {
            let url = root.appendingPathComponent(path, isDirectory: false)
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try UserFile.write(
                Data(text.utf8), to: root.appendingPathComponent(path, isDirectory: false).path,
                what: "the campaign report")
        }
    }
}
