import Foundation

/// How the Contacts list applies its background lookups (spec/09 §2.5.3): a batch collects the
/// results that end within 300 ms of its first, and is applied then — or, holding the last result,
/// as soon as that lookup ends — so the list re-sorts at most once per 300 ms of device time.
public enum ContactsBatches {
    /// The collection window of one batch.
    public static let window: TimeInterval = 0.3

    /// One batch: the keys applied together, and when (seconds from the start of the refresh).
    public struct Batch: Sendable, Equatable {
        public var pubkys: [String]
        public var at: TimeInterval
    }

    /// The batches of `results` (a key with the time its lookup ended), in the order applied.
    public static func batches(_ results: [(pubky: String, end: TimeInterval)]) -> [Batch] {
        let ordered = results.enumerated().sorted { ($0.element.end, $0.offset) < ($1.element.end, $1.offset) }
            .map(\.element)
        guard let last = ordered.last?.end else { return [] }
        var batches: [Batch] = []
        var index = 0
        while index < ordered.count {
            let closes = ordered[index].end + window
            var keys: [String] = []
            while index < ordered.count, ordered[index].end < closes {
                keys.append(ordered[index].pubky)
                index += 1
            }
            batches.append(Batch(pubkys: keys, at: index == ordered.count ? last : closes))
        }
        return batches
    }
}
