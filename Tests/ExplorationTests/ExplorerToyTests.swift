import Exploration
import Testing

/// The explorer against programs whose outcomes are known by hand or by brute force.
@Suite struct ExplorerToyTests {
    /// Lane a counts x from 1 to 10, with a private step after each write; lane b reads x three times.
    /// b's three reads can land in any of the 11 gaps of a's writes, in order: C(13, 3) = 286
    /// outcomes, each reached by exactly one order of the shared steps — among them `[5,5,5]`, all
    /// three reads between the fifth and sixth write, one order in 286.
    static let counter = ToyProgram(lanes: [
        (1...10).flatMap { value in
            [
                ToyProgram.Step(name: "write x=\(value)", effect: .write("x", value)),
                ToyProgram.Step(name: "private \(value)", effect: .local),
            ]
        },
        (1...3).map { ToyProgram.Step(name: "read x #\($0)", effect: .read("x")) },
    ])

    static func explore(
        _ program: ToyProgram, bound: Int?, reduction: Bool, deduplication: Bool = false, jobs: Int = 1
    ) throws -> ExplorationReport {
        try Explorer(
            lanes: program.lanes.count,
            options: ExplorationOptions(bound: bound, reduction: reduction, deduplication: deduplication, jobs: jobs)
        ).explore(run: { program.run($0) })
    }

    static func handCountedOutcomes() -> Set<String> {
        var outcomes: Set<String> = []
        for first in 0...10 {
            for second in first...10 {
                for third in second...10 { outcomes.insert("[] [\(first),\(second),\(third)] | x=10") }
            }
        }
        return outcomes
    }

    @Test func everyInterleavingOfTheCounterIsFoundWithAndWithoutTheReduction() throws {
        let expected = Self.handCountedOutcomes()
        #expect(expected.count == 286)
        let reduced = try Self.explore(Self.counter, bound: nil, reduction: true)
        let unreduced = try Self.explore(Self.counter, bound: nil, reduction: false)
        #expect(Set(reduced.outcomes.map(\.outcome)) == expected)
        #expect(Set(unreduced.outcomes.map(\.outcome)) == expected)
        #expect(reduced.complete && unreduced.complete)
        // The private steps are never interleaved with the reduction: one run per order of the shared
        // steps. Without it every position of every private step is a schedule of its own.
        #expect(reduced.counted == 286)
        #expect(unreduced.counted > 286 * 5)
    }

    @Test func theOutcomeOfOneScheduleInHundredsIsFoundWithItsOnlySchedule() throws {
        for reduction in [true, false] {
            let report = try Self.explore(Self.counter, bound: 2, reduction: reduction)
            let rare = try #require(report.outcomes.first { $0.outcome == "[] [5,5,5] | x=10" })
            // Without the reduction the private step after the fifth write may also go after the reads.
            #expect(rare.count == (reduction ? 1 : 2))
            // a writes 1…5, b reads three times, a goes on: one preemption, and replaying it gives it.
            #expect(rare.preemptions == 1)
            #expect(Self.counter.run(SchedulePolicy(forced: rare.replay)).outcome == rare.outcome)
        }
    }

    @Test func withinABoundTheReducedAndUnreducedExplorationsFindTheSameOutcomes() throws {
        for bound in [0, 1, 2, 3] {
            let reduced = try Self.explore(Self.counter, bound: bound, reduction: true)
            let unreduced = try Self.explore(Self.counter, bound: bound, reduction: false)
            let brute = Self.counter.bruteForceOutcomes(bound: bound)
            #expect(Set(unreduced.outcomes.map(\.outcome)) == brute, "bound \(bound)")
            #expect(Set(reduced.outcomes.map(\.outcome)) == brute, "bound \(bound)")
            #expect(reduced.counted <= unreduced.counted, "bound \(bound)")
        }
    }

    @Test func runningSchedulesSideBySideChangesNothingInTheReport() throws {
        var one = try Self.explore(Self.counter, bound: 2, reduction: true, deduplication: true, jobs: 1)
        let four = try Self.explore(Self.counter, bound: 2, reduction: true, deduplication: true, jobs: 4)
        one.options.jobs = 4
        #expect(one == four)
    }

    @Test func aTimeLimitStopsTheExplorationBetweenBatches() throws {
        let program = Self.counter
        var now = 0.0
        let report = try Explorer(lanes: 2, options: ExplorationOptions(bound: 2, maxSeconds: 3)).explore(
            run: { program.run($0) },
            elapsed: {
                // Each check of the clock is one second later: the third one stops it.
                now += 1
                return now
            })
        #expect(!report.complete)
        #expect(report.stoppedBy == "--max-seconds 3")
        #expect(report.schedules > 0)
    }

    @Test func limitsStopTheExplorationAndSayHowFarItGot() throws {
        let program = Self.counter
        let report = try Explorer(lanes: 2, options: ExplorationOptions(bound: 2, maxSchedules: 10)).explore(run: {
            program.run($0)
        })
        #expect(!report.complete)
        #expect(report.stoppedBy == "--max-schedules 10")
        #expect(report.schedules == 10)
        #expect(report.pending > 0)
    }
}
