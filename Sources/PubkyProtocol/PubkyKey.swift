import Foundation
import PubkyCrypto

/// Text rules for pubky keys shared by both apps: prefix detection, Bitkit normalisation, key bits
/// (padding aliases), redaction and the two shortening styles (spec/04 §3, spec/02 §11, spec/03 §4.1,
/// spec/09 §1.6).
public enum PubkyKey {
    /// The display prefix of a key.
    public static let prefix = "pubky"
    /// The legacy URI prefix Ring strips when shortening.
    public static let legacyURIPrefix = "pk:"
    /// Length of a bare z-base-32 key.
    public static let bareLength = 52

    private static let alphabet = Set("ybndrfg8ejkmcpqxot1uwisza345h769".utf8)

    /// True only when `text` starts with `pubky` and exactly 52 characters follow: a bare key may
    /// itself begin with the letters `pubky`.
    public static func isPrefixed(_ text: String) -> Bool {
        text.hasPrefix(prefix) && text.count == prefix.count + bareLength
    }

    /// True when `text` is 52 z-base-32 alphabet characters: the apps' lenient key check.
    public static func isLenientBareKey(_ text: String) -> Bool {
        text.utf8.count == bareLength && text.utf8.allSatisfy { alphabet.contains($0) }
    }

    /// Bitkit normalisation: trim, lowercase; 52 characters are bare, 57 starting with `pubky` are
    /// stripped; the result must be 52 alphabet characters. Returns the bare key.
    public static func bitkitNormalized(_ text: String) throws(PubkyKeyError) -> String {
        let lowered = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let bare: String
        if lowered.count == bareLength {
            bare = lowered
        } else if lowered.count == prefix.count + bareLength, lowered.hasPrefix(prefix) {
            bare = String(lowered.dropFirst(prefix.count))
        } else {
            throw .invalidLength(lowered.count)
        }
        guard isLenientBareKey(bare) else { throw .invalidCharacters }
        return bare
    }

    /// The 256 key bits of a text that normalises as a key (Bitkit's rules): its first 256 decoded
    /// bits. The 52nd symbol carries one key bit and four padding bits, so the 16 spellings that differ
    /// only in those padding bits (a key and its 15 padding aliases, spec/09 §1.6) give the same bits.
    /// Nil when the text does not normalise.
    public static func keyBits(_ text: String) -> [UInt8]? {
        guard let bare = try? bitkitNormalized(text), let bytes = ZBase32.decode(bare), bytes.count == 32 else {
            return nil
        }
        return bytes
    }

    /// True when both texts normalise as keys with the same first 256 decoded bits: the own-key test
    /// of the contact import (spec/09 §1.6), which counts a padding alias as the key itself.
    public static func isSameKey(_ text: String, _ other: String) -> Bool {
        guard let bits = keyBits(text) else { return false }
        return bits == keyBits(other)
    }

    /// The canonical spelling of a text that normalises as a key: its 256 key bits re-encoded, padding
    /// bits zero (so it ends in `y` or `o`). Nil when the text does not normalise.
    public static func canonical(_ text: String) -> String? {
        keyBits(text).map(ZBase32.encode)
    }

    /// Bitkit's rendered form of a normalised key: `pubky<z32>`.
    public static func bitkitRendered(_ text: String) throws(PubkyKeyError) -> String {
        prefix + (try bitkitNormalized(text))
    }

    /// Bitkit log redaction: the first 12 characters of the normalised key as Bitkit renders it
    /// (`pubky<z32>`) followed by `...` — `pubkygcumbhd...` (spec/06 P4). Text that does not normalise
    /// is redacted from its trimmed, lowercased form the same way, so a malformed value is never
    /// logged in full.
    public static func bitkitRedacted(_ text: String) -> String {
        let rendered =
            (try? bitkitNormalized(text)).map { "pubky" + $0 }
            ?? text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return String(rendered.prefix(12)) + "..."
    }

    /// Bitkit Pubky Choice truncation: trim; a 57-character text starting with `pubky` (any case) loses
    /// those 5 characters; 10 or fewer characters are shown unchanged, otherwise first 4 `...` last 4.
    /// The caption's uppercasing is left to the caller.
    public static func bitkitTruncated(_ text: String) -> String {
        var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count == prefix.count + bareLength, trimmed.lowercased().hasPrefix(prefix) {
            trimmed = String(trimmed.dropFirst(prefix.count))
        }
        return shortened(trimmed, keep: 4, unchangedUpTo: 10)
    }

    /// Ring short form `first5...last5`, after stripping a `pk:` or `pubky` prefix. Texts of 10 or
    /// fewer characters are returned unchanged (assumed; no real key is that short).
    public static func ringShortForm(_ text: String) -> String {
        var key = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if key.hasPrefix(legacyURIPrefix) {
            key = String(key.dropFirst(legacyURIPrefix.count))
        } else if isPrefixed(key) {
            key = String(key.dropFirst(prefix.count))
        }
        return shortened(key, keep: 5, unchangedUpTo: 10)
    }

    private static func shortened(_ text: String, keep: Int, unchangedUpTo limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(keep)) + "..." + String(text.suffix(keep))
    }
}
