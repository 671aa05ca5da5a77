import Foundation
import PubkyProtocol

/// How the CLI names a pubky: a bare or `pubky`-prefixed key, a name, a display name
/// (`pubky #2`), or `#N` (1-based position on Home).
enum RingReferences {
    /// The bare key of a key-looking text (a `pubky`/`pk:` prefix removed); other text unchanged.
    static func bare(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if PubkyKey.isPrefixed(trimmed) { return String(trimmed.dropFirst(PubkyKey.prefix.count)) }
        if trimmed.hasPrefix(PubkyKey.legacyURIPrefix) {
            return String(trimmed.dropFirst(PubkyKey.legacyURIPrefix.count))
        }
        return trimmed
    }

    /// The pubky of the entry `ref` names among `entries`, or nil.
    static func entry(_ ref: String, in entries: [PubkyEntry]) -> String? {
        if ref.hasPrefix("#"), let number = Int(ref.dropFirst()), entries.indices.contains(number - 1) {
            return entries[number - 1].pubky
        }
        let key = bare(ref)
        if let match = entries.first(where: { $0.pubky == key }) { return match.pubky }
        if let match = entries.first(where: { !$0.name.isEmpty && $0.name == ref }) { return match.pubky }
        return entries.enumerated().first { $0.element.displayName(index: $0.offset) == ref }?.element.pubky
    }
}
