import Foundation
import PubkyCrypto
import PubkyProtocol

/// `bitkit://contact?pubky=<key>` (spec/09 §4): exactly one `pubky` item and nothing else — no
/// path, port, user or fragment; the value bare or prefixed, any case, percent-decoded once.
public enum ContactLink {
    /// Longer links are refused before any parsing.
    static let maximumLength = 512
    private static let head = "bitkit://contact?"

    /// Whether `url` is a contact link at all (valid or not): the OS gives it to this handler.
    public static func isContactLink(_ url: String) -> Bool {
        url.lowercased().hasPrefix("bitkit://contact?") || url.lowercased() == "bitkit://contact"
    }

    /// The link's key, bare lowercase z-base-32 in its canonical spelling (a padding alias is the
    /// key it spells, spec/09 §1.6); nil when the link is invalid.
    public static func pubky(in url: String) -> String? {
        guard url.count <= maximumLength, url.lowercased().hasPrefix(head) else { return nil }
        let query = url.dropFirst(head.count)
        guard !query.contains("#") else { return nil }
        let items = query.split(separator: "&", omittingEmptySubsequences: false)
        guard items.count == 1 else { return nil }
        let parts = items[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == "pubky", let value = String(parts[1]).removingPercentEncoding,
            let key = PubkyKey.canonical(value), PublicKey(z32: key) != nil
        else { return nil }
        return key
    }
}
