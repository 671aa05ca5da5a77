import Foundation

/// How a counterparty key appears in logs (spec/04 §3, spec/05 §2): Bitkit's normalised rendering
/// `pubky<z32>` cut to its first 12 characters plus `...`, or `<invalid>` for a malformed key.
/// So key C logs as `pubkygcumbhd...` (spec/06 P4).
public enum CounterpartyRedaction {
    private static let alphabet = Set("ybndrfg8ejkmcpqxot1uwisza345h769".utf8)

    /// The redacted form of `key`.
    public static func redact(_ key: String?) -> String {
        guard let bare = normalised(key) else { return "<invalid>" }
        return String(("pubky" + bare).prefix(12)) + "..."
    }

    /// Bitkit normalisation: trim, lowercase; 52 characters are bare, 57 starting with `pubky` are
    /// stripped; the result must be 52 z-base-32 characters. Returns the bare key.
    public static func normalised(_ key: String?) -> String? {
        guard let key else { return nil }
        let lowered = key.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let bytes = Array(lowered.utf8)
        let bare: ArraySlice<UInt8>
        if bytes.count == 52 {
            bare = bytes[...]
        } else if bytes.count == 57, lowered.hasPrefix("pubky") {
            bare = bytes.dropFirst(5)
        } else {
            return nil
        }
        guard bare.allSatisfy({ alphabet.contains($0) }) else { return nil }
        return String(decoding: bare, as: UTF8.self)
    }
}
