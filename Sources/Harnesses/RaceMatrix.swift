import Foundation
import Scenarios
import WorldFiles

/// The race matrix file of `simctl explore --matrix` (Fixtures/races/matrix.txt): setup worlds, and
/// in each the Bitkit and Ring actions that make sense there; every Bitkit action of a world is
/// explored against every Ring action of that world, Ring in lane a and Bitkit in lane b.
///
/// ```
/// # Read at the end of every schedule:
/// outcome bitkit-sim state :: .reference.pubky
/// # A setup, relative to the matrix file, then its actions (NAME: STEPS, `;` between lines):
/// world picked: picked-ring-pubky.steps
///   bitkit foreground: bitkit foreground
///   ring relaunch: ring relaunch
/// ```
public struct RaceMatrix: Sendable, Equatable {
    public struct Action: Sendable, Equatable {
        public var name: String
        public var steps: String
    }

    public struct World: Sendable, Equatable {
        public var name: String
        /// The setup file's path (resolved against the matrix file's folder).
        public var setupFile: String
        public var bitkit: [Action] = []
        public var ring: [Action] = []
    }

    /// One pair to explore.
    public struct Pair: Sendable, Equatable {
        public var world: World
        public var bitkit: Action
        public var ring: Action

        /// `picked: bitkit foreground × ring relaunch`.
        public var name: String { "\(world.name): bitkit \(bitkit.name) × ring \(ring.name)" }
    }

    public var outcomes: [String] = []
    public var worlds: [World] = []

    /// Every pair, world by world, Bitkit action by Bitkit action, in file order.
    public var pairs: [Pair] {
        worlds.flatMap { world in
            world.bitkit.flatMap { bitkit in world.ring.map { ring in Pair(world: world, bitkit: bitkit, ring: ring) } }
        }
    }

    public static func parse(contentsOf file: String) throws(ScenarioError) -> RaceMatrix {
        let text: String
        do { text = String(decoding: try InputLimit.scenarioFile.read(file), as: UTF8.self) } catch {
            throw ScenarioError(file: file, line: 0, message: "cannot read the matrix: \(error.description)")
        }
        // A relative matrix path gives relative setup paths: replay commands stay short.
        let folder = (file as NSString).deletingLastPathComponent
        return try parse(text, file: file) { path in
            folder.isEmpty || path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
        }
    }

    public static func parse(
        _ text: String, file: String, resolve: (String) -> String
    ) throws(ScenarioError)
        -> RaceMatrix
    {
        var matrix = RaceMatrix()
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            // Whole-line comments only, as in scenarios: `ring use #1` is a step.
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            func fail(_ message: String) -> ScenarioError {
                ScenarioError(file: file, line: index + 1, message: message)
            }
            if line.hasPrefix("outcome ") {
                matrix.outcomes.append(String(line.dropFirst("outcome ".count)))
                continue
            }
            guard let colon = line.firstIndex(of: ":") else {
                throw fail(
                    "expected `world NAME: FILE`, `bitkit NAME: STEPS`, `ring NAME: STEPS` or `outcome TOOL ARGS… :: PATH`"
                )
            }
            let head = line[..<colon].split(separator: " ", maxSplits: 1).map(String.init)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard head.count == 2, !value.isEmpty else { throw fail("expected KIND NAME: VALUE") }
            switch head[0] {
            case "world":
                matrix.worlds.append(World(name: head[1], setupFile: resolve(value)))
            case "bitkit", "ring":
                guard !matrix.worlds.isEmpty else { throw fail("an action comes after its `world NAME: FILE` line") }
                let action = Action(name: head[1], steps: value)
                if head[0] == "bitkit" {
                    matrix.worlds[matrix.worlds.count - 1].bitkit.append(action)
                } else {
                    matrix.worlds[matrix.worlds.count - 1].ring.append(action)
                }
            default:
                throw fail("unknown line kind `\(head[0])`: expected world, bitkit, ring or outcome")
            }
        }
        guard !matrix.pairs.isEmpty else {
            throw ScenarioError(
                file: file, line: 0, message: "the matrix has no pair: give a world with Bitkit and Ring actions")
        }
        return matrix
    }
}
