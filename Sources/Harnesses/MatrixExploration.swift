import Exploration
import Foundation
import Scenarios
import WorldFiles

/// Explores every pair of a race matrix (`RaceMatrix`), Ring in lane a and Bitkit in lane b, with
/// the audit as the expectation. Each setup world is prepared once for all its pairs, and one set
/// of serving processes answers every pair.
public struct MatrixExploration: Sendable {
    /// One pair's exploration, or why it could not run.
    public struct PairResult: Sendable {
        public var pair: RaceMatrix.Pair
        public var result: ExploreHarness.Result?
        public var error: String?
    }

    public var matrix: RaceMatrix
    public var options: ExplorationOptions
    public var scratchRoot: URL = RaceHarness.defaultScratch
    public var backendDigest: (@Sendable (URL) -> String)?
    public var runner: ScenarioRunner

    public init(matrix: RaceMatrix, options: ExplorationOptions, runner: ScenarioRunner = ScenarioRunner()) {
        self.matrix = matrix
        self.options = options
        self.runner = runner
    }

    public func run(progress: (PairResult) -> Void = { _ in }) throws -> [PairResult] {
        let serving = runner.processPerAction ? nil : ServingTools(binDirectory: runner.binDirectory)
        defer { serving?.shutdown() }
        var results: [PairResult] = []
        for world in matrix.worlds {
            let setup: String
            do { setup = String(decoding: try InputLimit.scenarioFile.read(world.setupFile), as: UTF8.self) } catch {
                throw ScenarioError(
                    file: world.setupFile, line: 0, message: "cannot read world \(world.name): \(error.description)")
            }
            let prepared = try PreparedWorld(
                setup: setup, setupPath: world.setupFile, worldSeed: 0, scratchRoot: scratchRoot, prefix: "matrix",
                runner: runner)
            defer { prepared.remove() }
            for pair in matrix.pairs where pair.world == world {
                var configuration = ExploreHarness.Configuration(
                    setup: setup, lanes: [pair.ring.steps, pair.bitkit.steps], outcomes: matrix.outcomes,
                    invariants: "",
                    options: options)
                configuration.setupPath = world.setupFile
                configuration.scratchRoot = scratchRoot
                configuration.backendDigest = backendDigest
                let harness = ExploreHarness(configuration: configuration, runner: runner)
                var outcome = PairResult(pair: pair)
                do {
                    let started = Date()
                    let session = try ExploreHarness.Session(
                        configuration: configuration, runner: runner, prepared: prepared, serving: serving, owned: false
                    )
                    defer { session.close() }
                    outcome.result = try harness.explore(session, started: started, progress: { _ in })
                } catch {
                    outcome.error = "\(error)"
                }
                progress(outcome)
                results.append(outcome)
            }
        }
        return results
    }
}

extension MatrixExploration.PairResult {
    init(pair: RaceMatrix.Pair) {
        self.pair = pair
        result = nil
        error = nil
    }
}
