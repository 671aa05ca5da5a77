import Foundation
import Synchronization
import Testing

@testable import Mutation

/// The campaign's logic against a stand-in lab: which files a mutant runs, in which order, and how
/// each outcome is classified.
@Suite struct CampaignTests {
    /// Scenario files that reach some points and kill some mutants; every request is recorded.
    final class FakeLab: MutantLab {
        let reaches: [String: Set<String>]
        /// `file` → mutants it kills (on any platform unless `platformKills` says otherwise).
        let kills: [String: Set<String>]
        let androidOnlyKills: [String: Set<String>]
        let failingWithoutMutant: Set<String>
        let hangs: Set<String>
        /// Mutants of the closing audit that find a violation in a kept world of these files.
        let auditKills: [String: Set<String>]
        let requests = Mutex<[LabRequest]>([])
        let audits = Mutex<[String]>([])

        init(
            reaches: [String: Set<String>], kills: [String: Set<String>] = [:],
            androidOnlyKills: [String: Set<String>] = [:], failingWithoutMutant: Set<String> = [],
            hangs: Set<String> = [], auditKills: [String: Set<String>] = [:]
        ) {
            self.auditKills = auditKills
            self.reaches = reaches
            self.kills = kills
            self.androidOnlyKills = androidOnlyKills
            self.failingWithoutMutant = failingWithoutMutant
            self.hangs = hangs
        }

        func run(_ request: LabRequest) -> LabRun {
            requests.withLock { $0.append(request) }
            var scenarios: [LabRun.Scenario] = []
            for file in request.files {
                let name = (file as NSString).deletingPathExtension
                if let mutant = request.mutant, hangs.contains(mutant) {
                    return LabRun(scenarios: scenarios, timedOut: true)
                }
                let killed =
                    request.mutant.map {
                        kills[file]?.contains($0) == true
                            || (request.platform == "android" && androidOnlyKills[file]?.contains($0) == true)
                    } ?? false
                let failed = killed || (request.mutant == nil && failingWithoutMutant.contains(file))
                scenarios.append(
                    LabRun.Scenario(
                        file: file, name: name, status: failed ? .failed : .passed, seconds: 1,
                        failure: failed
                            ? LabRun.Failure(
                                location: file.hasPrefix("audit") ? "audit" : "\(file):3", step: "expect x",
                                expected: "a", actual: "b")
                            : nil,
                        world: request.keep ? "/nonexistent/world-of-\(file)" : nil))
                if failed, request.failFast { break }
            }
            let reached =
                request.trace ? request.files.reduce(into: Set<String>()) { $0.formUnion(reaches[$1] ?? []) } : []
            return LabRun(scenarios: scenarios, reached: reached, seconds: Double(request.files.count))
        }

        func audit(worlds: [String], platform: String, mutant: String) -> (world: Int, failure: LabRun.Failure)? {
            for (index, world) in worlds.enumerated() {
                audits.withLock { $0.append("\(platform) \(world) \(mutant)") }
                let file = String(world.dropFirst("/nonexistent/world-of-".count))
                if auditKills[file]?.contains(mutant) == true {
                    return (
                        index,
                        LabRun.Failure(
                            location: "audit", step: "(audit)", expected: "no violation", actual: "own-prefix-only")
                    )
                }
            }
            return nil
        }
    }

    static func point(_ id: String) -> MutationPoint {
        MutationPoint(
            id: id, op: .flipEquality, file: "Sources/M/F.swift", declaration: "F.f()", line: 1, original: "a == b",
            mutated: "a != b", change: .token(start: 0, end: 2, replacement: "!=", schema: .literal))
    }

    static func campaign(_ ids: [String], files: [String] = ["a", "b", "c"], jobs: Int = 1) -> Campaign {
        Campaign(
            mutants: ids.map(point),
            platforms: [
                Campaign.Platform(name: "ios", files: files), Campaign.Platform(name: "android", files: files),
            ],
            jobs: jobs)
    }

    @Test func aPointNoScenarioReachesSurvivesWithoutARun() {
        let lab = FakeLab(reaches: ["a": ["m1"]], kills: ["a": ["m1"]])
        let result = Self.campaign(["m1", "m2"]).run(lab: lab)
        #expect(result.outcomes["m2"] == .survived(reachedBy: 0))
        #expect(result.runs["m2"] == 0)
        #expect(lab.requests.withLock { $0 }.filter { $0.mutant == "m2" }.isEmpty)
    }

    @Test func aMutantRunsOnlyTheFilesThatReachItAndStopsAtTheFirstKill() {
        let lab = FakeLab(reaches: ["a": ["m1"], "b": [], "c": ["m1"]], kills: ["c": ["m1"]])
        let result = Self.campaign(["m1"]).run(lab: lab)
        guard case .killed(let kill) = result.outcomes["m1"] else {
            Issue.record("m1 should be killed")
            return
        }
        #expect(kill.scenario == "c" && kill.platform == "ios" && kill.by == "expectation")
        let runs = lab.requests.withLock { $0 }.filter { $0.mutant == "m1" }
        // One run on iOS with the two files that reach it, fail-fast; Android is never needed.
        #expect(runs == [LabRequest(files: ["a", "c"], platform: "ios", mutant: "m1", failFast: true, trace: false)])
        #expect(result.reachedBy["m1"] == 4)
    }

    @Test func aMutantOnlyAndroidCatchesIsKilledOnAndroid() {
        let lab = FakeLab(reaches: ["a": ["m1"]], androidOnlyKills: ["a": ["m1"]])
        let result = Self.campaign(["m1"]).run(lab: lab)
        guard case .killed(let kill) = result.outcomes["m1"] else {
            Issue.record("m1 should be killed on Android")
            return
        }
        #expect(kill.platform == "android")
        #expect(result.runs["m1"] == 2)
    }

    @Test func survivorsRunEveryReachingFileOnBothPlatforms() {
        let lab = FakeLab(reaches: ["a": ["m1"], "b": ["m1"]])
        let result = Self.campaign(["m1"]).run(lab: lab)
        #expect(result.outcomes["m1"] == .survived(reachedBy: 4))
        let runs = lab.requests.withLock { $0 }.filter { $0.mutant == "m1" }
        #expect(runs.map(\.platform) == ["ios", "android"])
        #expect(runs.allSatisfy { $0.files == ["a", "b"] })
    }

    @Test func filesThatKilledBeforeRunFirst() {
        // b kills m1 and m2; both are reached by a then b. After m1, b goes first for m2.
        let lab = FakeLab(reaches: ["a": ["m1", "m2"], "b": ["m1", "m2"]], kills: ["b": ["m1", "m2"]])
        _ = Self.campaign(["m1", "m2"]).run(lab: lab)
        let m2 = lab.requests.withLock { $0 }.first { $0.mutant == "m2" }
        #expect(m2?.files == ["b", "a"])
    }

    @Test func aFileThatFailsWithoutAMutantKillsNothing() {
        let lab = FakeLab(reaches: ["a": ["m1"], "b": ["m1"]], kills: ["a": ["m1"]], failingWithoutMutant: ["a"])
        let result = Self.campaign(["m1"]).run(lab: lab)
        #expect(result.outcomes["m1"] == .survived(reachedBy: 2))
        #expect(result.baselines.filter { !$0.passed }.map(\.file) == ["a", "a"])
    }

    @Test func equivalentAndUnbuildableMutantsAreNotRun() {
        let lab = FakeLab(reaches: ["a": ["m1", "m2"]], kills: ["a": ["m1", "m2"]])
        var campaign = Self.campaign(["m1", "m2"])
        campaign.equivalents = EquivalentMutants(reasons: ["m1": "the two branches write the same value"])
        campaign.didNotBuild = ["m2": "F.swift:3: error: no"]
        let result = campaign.run(lab: lab)
        #expect(result.outcomes["m1"] == .equivalent("the two branches write the same value"))
        #expect(result.outcomes["m2"] == .didNotBuild("F.swift:3: error: no"))
        #expect(lab.requests.withLock { $0 }.allSatisfy { $0.mutant == nil })
    }

    @Test func aHangingOrCrashingRunKillsTheMutant() {
        let lab = FakeLab(reaches: ["a": ["m1"]], hangs: ["m1"])
        let result = Self.campaign(["m1"], jobs: 2).run(lab: lab)
        guard case .killed(let kill) = result.outcomes["m1"] else {
            Issue.record("a hang is a kill")
            return
        }
        #expect(kill.by == "timeout" && kill.scenario == "a")
        let crashed = MutantOutcome.classify(
            LabRun(scenarios: [LabRun.Scenario(file: "x.scenario", name: "x", status: .passed)], problem: "exit 6"),
            platform: "ios", files: ["x.scenario", "y.scenario"])
        #expect(
            crashed
                == .killed(
                    .init(
                        scenario: "y", file: "y.scenario", platform: "ios", by: "crash",
                        failure: .init(
                            location: "y.scenario", step: "(the run)", expected: "a report of every scenario",
                            actual: "exit 6"))))
    }

    @Test func aMutantOfTheClosingAuditIsJudgedOverTheKeptWorldsWithoutRunningAScenario() {
        let lab = FakeLab(reaches: ["a": ["m1", "m2"], "b": ["m1", "m2"]], auditKills: ["b": ["m1"]])
        var audit = Self.point("m1")
        audit.closingAudit = true
        var other = Self.point("m2")
        other.closingAudit = true
        let campaign = Campaign(
            mutants: [audit, other], platforms: [Campaign.Platform(name: "ios", files: ["a", "b"])], jobs: 1)
        let result = campaign.run(lab: lab)
        guard case .killed(let kill) = result.outcomes["m1"] else {
            Issue.record("m1 should be killed by the audit over b's world")
            return
        }
        #expect(kill.by == "audit" && kill.scenario == "b")
        #expect(result.outcomes["m2"] == .survived(reachedBy: 2))
        // The baseline kept the worlds; no mutant ran a scenario.
        let requests = lab.requests.withLock { $0 }
        #expect(requests.allSatisfy { $0.mutant == nil && $0.keep })
        #expect(lab.audits.withLock { $0 }.filter { $0.hasSuffix("m2") }.count == 2)
    }

    @Test func theAuditNamesItsKills() {
        let lab = FakeLab(reaches: ["audit-scenario": ["m1"]], kills: ["audit-scenario": ["m1"]])
        let result = Self.campaign(["m1"], files: ["audit-scenario"]).run(lab: lab)
        guard case .killed(let kill) = result.outcomes["m1"] else {
            Issue.record("m1 should be killed")
            return
        }
        #expect(kill.by == "audit")
    }

    @Test func theReportCountsTheScoreOverNonEquivalentBuiltMutants() {
        let lab = FakeLab(reaches: ["a": ["m1", "m2", "m3"]], kills: ["a": ["m1", "m2"]])
        var campaign = Self.campaign(["m1", "m2", "m3", "m4", "m5"])
        campaign.equivalents = EquivalentMutants(reasons: ["m4": "same"])
        campaign.didNotBuild = ["m5": "error"]
        let result = campaign.run(lab: lab)
        let report = CampaignReport(
            points: campaign.mutants, result: result,
            timing: .init(
                wallSeconds: 60, buildSeconds: 1, coverageSeconds: 1, evaluationSeconds: 1, mutantsPerMinute: 3,
                jobs: 1,
                platforms: ["ios"], files: 3),
            notes: [])
        #expect(
            report.total == CampaignReport.Counts(mutants: 5, killed: 2, survived: 1, equivalent: 1, didNotBuild: 1))
        #expect(report.total.score == 2.0 / 3.0)
        #expect(report.survivors.map(\.id) == ["m3"])
        #expect(report.text().contains("SURVIVED m3"))
        #expect(report.markdown().contains("| **total** | | **5** | **2** | **1** | **1** | **1** | **66.7 %** |"))
        let pages = MutationPages.pages(
            report, diffs: ["m3": "--- a/F.swift\n+++ b/F.swift\n@@ -1 +1 @@\n-a == b\n+a != b\n"])
        #expect(pages.keys.sorted() == ["index.html", "survivors/m3.html"])
        #expect(pages["survivors/m3.html"]?.contains("<span class=del>-a == b</span>") == true)
    }
}
