import Exploration

/// A concurrent program held in memory, for testing the explorer against outcomes known by hand or
/// by brute force: lanes of steps over a few shared variables. It decides with `SchedulePolicy`,
/// exactly as the real processes' scheduler does.
struct ToyProgram: Sendable {
    enum Effect: Sendable {
        /// `variable = value`.
        case write(String, Int)
        /// `variable += 1`.
        case increment(String)
        /// Reads `variable` into the lane's observations.
        case read(String)
        /// Touches nothing shared.
        case local
    }

    struct Step: Sendable {
        var name: String
        var effect: Effect

        var footprint: Footprint {
            switch effect {
            case .write(let variable, _), .increment(let variable): return .writes(["var", variable])
            case .read(let variable): return .reads(["var", variable])
            case .local: return .none
            }
        }
    }

    var lanes: [[Step]]
    /// Record a digest at each decision for state deduplication.
    var digests = true

    /// What the program ended with: every lane's reads, then the variables.
    struct State: Sendable {
        var variables: [String: Int] = [:]
        var reads: [[Int]]

        var outcome: String {
            let reads = self.reads.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }.joined(separator: " ")
            let variables = self.variables.keys.sorted().map { "\($0)=\(self.variables[$0] ?? 0)" }.joined(
                separator: " ")
            return reads + " | " + variables
        }
    }

    func run(_ policy: SchedulePolicy) -> ScheduleRun {
        var state = State(reads: Array(repeating: [], count: lanes.count))
        var positions = Array(repeating: 0, count: lanes.count)
        var position = SchedulePolicy.Position()
        var decisions: [Decision] = []
        var diverged: Int?
        while true {
            let pending = lanes.indices.map { lane -> PendingStep? in
                guard positions[lane] < lanes[lane].count else { return nil }
                let step = lanes[lane][positions[lane]]
                return PendingStep(point: step.name, footprint: step.footprint)
            }
            let enabled = pending.map { $0 != nil }
            guard let choice = policy.choose(pending: pending, enabled: enabled, at: position) else { break }
            if choice.diverged, diverged == nil { diverged = decisions.count }
            let digest = digests ? "\(state.outcome) @ \(positions)" : nil
            decisions.append(Decision(pending: pending, enabled: enabled, chosen: choice.lane, state: digest))
            let step = lanes[choice.lane][positions[choice.lane]]
            switch step.effect {
            case .write(let variable, let value): state.variables[variable] = value
            case .increment(let variable): state.variables[variable, default: 0] += 1
            case .read(let variable): state.reads[choice.lane].append(state.variables[variable] ?? 0)
            case .local: break
            }
            positions[choice.lane] += 1
            position = policy.advance(position, chose: choice.lane, pending: pending)
        }
        return ScheduleRun(
            decisions: decisions, outcome: state.outcome, violations: [], endState: state.outcome, diverged: diverged)
    }

    /// Every outcome of every interleaving with at most `bound` preemptions (nil: any), counting a
    /// preemption at every step: the brute-force answer, independent of the explorer.
    func bruteForceOutcomes(bound: Int?) -> Set<String> {
        var outcomes: Set<String> = []
        func visit(_ positions: [Int], _ order: [Int], _ last: Int?, _ preemptions: Int) {
            let enabled = lanes.indices.filter { positions[$0] < lanes[$0].count }
            if enabled.isEmpty {
                outcomes.insert(replay(order).outcome)
                return
            }
            for lane in enabled {
                let cost = last != nil && last != lane && enabled.contains(last!) ? 1 : 0
                if let bound, preemptions + cost > bound { continue }
                var next = positions
                next[lane] += 1
                visit(next, order + [lane], lane, preemptions + cost)
            }
        }
        visit(Array(repeating: 0, count: lanes.count), [], nil, 0)
        return outcomes
    }

    /// Runs exactly `order` (one lane per step).
    func replay(_ order: [Int]) -> State {
        var copy = self
        copy.digests = false
        var state = State(reads: Array(repeating: [], count: lanes.count))
        var positions = Array(repeating: 0, count: lanes.count)
        for lane in order {
            let step = lanes[lane][positions[lane]]
            switch step.effect {
            case .write(let variable, let value): state.variables[variable] = value
            case .increment(let variable): state.variables[variable, default: 0] += 1
            case .read(let variable): state.reads[lane].append(state.variables[variable] ?? 0)
            case .local: break
            }
            positions[lane] += 1
        }
        return state
    }
}
