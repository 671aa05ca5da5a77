import Foundation

/// Ring's input clean-up before it parses a scanned, pasted or opened link (spec/03 §11).
public enum RingLinkCleanup {
    /// How many nested percent-encodings are undone at most.
    public static let maxDecodingPasses = 3

    /// Trims, undoes up to three percent-encodings, strips a `pubkyring://` wrapper around a
    /// `pubkyauth` link, repairs `pubkyauth//…` (missing `:`), rewrites `pubkyring://signin?…` to
    /// `pubkyauth:///?…` and drops the `/` of `<intent>/?…`. Other text is returned trimmed and decoded.
    public static func clean(_ text: String) -> String {
        var link = text.trimmingCharacters(in: .whitespacesAndNewlines)
        for _ in 0..<maxDecodingPasses {
            guard link.contains("%"), let decoded = link.removingPercentEncoding, decoded != link else {
                break
            }
            link = decoded
        }
        let wrapper = "pubkyring://"
        if hasPrefix(link, wrapper), hasPrefix(String(link.dropFirst(wrapper.count)), "pubkyauth") {
            link = String(link.dropFirst(wrapper.count))
        }
        for scheme in ["pubkyauth", "pubkyring"] where hasPrefix(link, scheme + "//") {
            link = scheme + ":" + link.dropFirst(scheme.count)
        }
        if hasPrefix(link, "pubkyring://signin") {
            let rest = link.dropFirst("pubkyring://signin".count)
            if rest.isEmpty || rest.hasPrefix("?") || rest.hasPrefix("/") {
                link = "pubkyauth:///" + rest.drop { $0 == "/" }
            }
        }
        return normalisingSlashBeforeQuery(link)
    }

    /// `scheme://intent/?q` → `scheme://intent?q`; the empty-host form `scheme:///?q` is kept.
    private static func normalisingSlashBeforeQuery(_ link: String) -> String {
        guard let separator = link.range(of: "://"),
            let slashQuery = link.range(of: "/?", range: separator.upperBound..<link.endIndex),
            slashQuery.lowerBound > separator.upperBound
        else { return link }
        let host = link[separator.upperBound..<slashQuery.lowerBound]
        guard !host.contains("/") else { return link }
        return String(link[..<slashQuery.lowerBound])
            + link[link.index(after: slashQuery.lowerBound)...]
    }

    private static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        text.lowercased().hasPrefix(prefix)
    }
}
