import Foundation
import WorldFiles

/// The journal as a replay must reproduce it: every entry without what differs between two runs of
/// the same world, seed and schedule — process ids, run numbers and the epoch time (the simulated
/// `clock` stays) — and with the world's own folder written as `<world>`. Two runs of a scenario
/// give byte-identical canonical journals (`simctl journal --canonical`).
public enum CanonicalJournal {
    /// The keys left out.
    public static let volatileKeys: Set<String> = ["pid", "run", "time"]

    /// One line per entry: key-sorted JSON without the volatile keys.
    public static func lines(_ entries: [JournalEntry], world: World) -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let root = world.root.path
        return entries.map { entry in
            var entry = entry
            entry.detail = entry.detail.map { $0.replacingOccurrences(of: root, with: "<world>") }
            guard let data = try? encoder.encode(entry),
                var object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return "" }
            for key in volatileKeys { object[key] = nil }
            guard
                let canonical = try? JSONSerialization.data(
                    withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            else { return "" }
            return String(decoding: canonical, as: UTF8.self)
        }
    }
}
