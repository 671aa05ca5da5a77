import ContractNames
import Device
import Foundation
import Scenarios
import Simulation
import WorldFiles

/// A kill inside a contact import (spec/09 §2.4.8): the preview lived in memory and went with the
/// process, so a person retries the only way the app offers — Disconnect, adopt the identity again,
/// and import the same follows — and that retry must save only the follows still missing
/// (§2.1.3, §2.4.2), leaving the book as the completed step left it.
extension CrashCampaign {
    /// What the step's import did in a world, from its journal entries after the step began.
    struct ImportProgress: Equatable {
        /// The identity the last import of the step was for (bare key), if the step began one.
        var owner: String?
        /// Whether that import ended (`completed` or `stopped`).
        var ended: Bool
        /// Whether an import of the step completed.
        var completed: Bool

        /// The progress of imports journalled after entry `since` in `world`.
        static func read(_ world: URL, since: UInt64) throws -> ImportProgress {
            var progress = ImportProgress(owner: nil, ended: false, completed: false)
            for entry in try Journal(world: World(root: world)).read().entries where entry.seq > since {
                guard case .contactImport(let op) = entry.kind else { continue }
                switch op {
                case .started:
                    progress.owner = entry.account
                    progress.ended = false
                case .completed:
                    progress.ended = true
                    progress.completed = true
                case .stopped: progress.ended = true
                default: break
                }
            }
            return progress
        }

        /// Killed inside: the step began an import that never ended.
        var interrupted: Bool { owner != nil && !ended }
    }

    /// The last journal entry of `world` (0 when none): where a step's entries begin.
    static func lastSequence(_ world: URL) throws -> UInt64 {
        try Journal(world: World(root: world)).read().entries.last?.seq ?? 0
    }

    /// The user's retry after the relaunch, as scenario lines: online again if the crash left the
    /// device offline (adopting signs in), Disconnect, adopt `owner` again, then the same choice the
    /// killed step made — Import All, or Continue with the rows the selection showed unchecked
    /// before the step (read from Bitkit's last screen) unchecked again.
    static func retryLines(owner: String, step: Step, lastScreen: [String: Any]?, world: URL) -> [String] {
        var lines: [String] = []
        if let state = try? DeviceStore(world: World(root: world)).read(), !state.isOnline(.bitkit) {
            lines.append("simctl net on")
        }
        lines += ["bitkit home", "bitkit profile disconnect --confirm", "bitkit pick \(owner)"]
        guard case .run(_, let arguments, _, _) = step.kind, arguments.contains("ContactImportSelectContinue") else {
            return lines + ["bitkit tap ContactImportOverviewImportAll"]
        }
        let rows = lastScreen?["rows"] as? [[String: Any]] ?? []
        let unchecked = rows.compactMap { row -> String? in
            guard let id = row["id"] as? String, id.hasPrefix("ContactImportSelect_"),
                !((row["pills"] as? [String]) ?? []).contains("✓")
            else { return nil }
            return id
        }
        return lines + ["bitkit tap ContactImportOverviewSelect"] + unchecked.map { "bitkit tap \($0)" }
            + ["bitkit tap ContactImportSelectContinue"]
    }

    /// Runs the retry in the crashed world after the relaunch, when the kill landed inside an import
    /// the completed step finished, and compares the book with the completed step's. Returns whether
    /// it retried, and what went wrong.
    func retryKilledImport(
        _ crashed: inout ScriptRun, killed app: String, step: Step, since: UInt64, referenceWorld: URL,
        crashedWorld: URL, lastScreen: [String: Any]?
    ) throws -> (retried: Bool, problems: [String]) {
        // Only Bitkit imports contacts: a Ring kill needs no journal read.
        guard app == AppKind.bitkit.rawValue else { return (false, []) }
        let progress = try ImportProgress.read(crashedWorld, since: since)
        guard progress.interrupted, let owner = progress.owner,
            try ImportProgress.read(referenceWorld, since: since).completed
        else { return (false, []) }
        let lines = Self.retryLines(owner: owner, step: step, lastScreen: lastScreen, world: crashedWorld)
        let retry = try ScenarioParser.parse(text: lines.joined(separator: "\n"), file: "retry")
        for line in retry.steps {
            do { try crashed.perform(line) } catch let failure as ScriptRun.StepFailure {
                return (
                    true,
                    [
                        "the retry after the kill (\(lines.joined(separator: "; "))) failed at `\(line.source)`: expected \(failure.expected), got \(failure.actual)"
                    ]
                )
            }
        }
        let differences = ContactBookSnapshot.take(World(root: crashedWorld)).differences(
            from: ContactBookSnapshot.take(World(root: referenceWorld)))
        return (true, differences.map { "after the retry, \($0) (against the completed step's book)" })
    }
}
