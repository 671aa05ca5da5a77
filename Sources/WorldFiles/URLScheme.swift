import Foundation

/// The scheme of a link, as the OS routes it.
public enum URLScheme {
    /// The scheme of `link` (RFC 3986: a letter, then letters, digits, `+`, `-` or `.`, then `:`).
    public static func of(_ link: String) -> String? {
        let text = link.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter,
            scheme.unicodeScalars.allSatisfy({
                $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
            })
        else { return nil }
        return scheme.lowercased()
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
