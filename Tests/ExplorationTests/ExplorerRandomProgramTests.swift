import Exploration
import Testing

/// The reduction against brute force on many small random programs: it must never lose an outcome.
@Suite struct ExplorerRandomProgramTests {
    /// SplitMix64: the programs are the same on every run.
    struct Generator {
        var state: UInt64

        mutating func next(_ below: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(below))
        }
    }

    static func program(seed: UInt64) -> ToyProgram {
        var random = Generator(state: seed)
        let lanes = 2 + random.next(2)
        let variables = ["x", "y", "z"]
        return ToyProgram(
            lanes: (0..<lanes).map { lane in
                (0..<(1 + random.next(lanes == 2 ? 4 : 3))).map { index in
                    let variable = variables[random.next(variables.count)]
                    let effect: ToyProgram.Effect
                    switch random.next(4) {
                    case 0: effect = .write(variable, lane * 10 + index)
                    case 1: effect = .increment(variable)
                    case 2: effect = .read(variable)
                    default: effect = .local
                    }
                    return ToyProgram.Step(name: "\(lane).\(index)", effect: effect)
                }
            })
    }

    static func outcomes(_ program: ToyProgram, bound: Int?, reduction: Bool, deduplication: Bool) throws -> Set<String>
    {
        let report = try Explorer(
            lanes: program.lanes.count,
            options: ExplorationOptions(bound: bound, reduction: reduction, deduplication: deduplication)
        ).explore(run: { program.run($0) })
        #expect(report.complete)
        return Set(report.outcomes.map(\.outcome))
    }

    @Test(arguments: 0..<80)
    func theReductionAndDeduplicationNeverLoseAnOutcome(seed: Int) throws {
        let program = Self.program(seed: UInt64(seed))
        let all = program.bruteForceOutcomes(bound: nil)
        for bound in [0, 1, 2, nil] as [Int?] {
            let brute = program.bruteForceOutcomes(bound: bound)
            let unreduced = try Self.outcomes(program, bound: bound, reduction: false, deduplication: false)
            #expect(unreduced == brute, "seed \(seed), bound \(String(describing: bound))")
            for deduplication in [false, true] {
                let reduced = try Self.outcomes(program, bound: bound, reduction: true, deduplication: deduplication)
                // Private steps cost no preemption with the reduction, so a bound may let it reach more.
                #expect(
                    reduced.isSuperset(of: brute),
                    "seed \(seed), bound \(String(describing: bound)), dedup \(deduplication)")
                #expect(reduced.isSubset(of: all), "seed \(seed)")
                if bound == nil { #expect(reduced == all, "seed \(seed), dedup \(deduplication)") }
            }
        }
    }
}
