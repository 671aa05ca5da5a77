import Foundation

/// An LNURL as Bitkit's scanner reads it: bech32 `lnurl1…` (LUD-01), a LUD-17 scheme URL
/// (`lnurlp://`, `lnurlw://`, `lnurlc://`, `keyauth://`) or a lightning address (LUD-16).
/// The simulator never fetches the URL, so the kind comes from the text alone (assumed):
/// the LUD-17 scheme decides; otherwise the `tag` query parameter (`withdrawRequest`, `login`,
/// `channelRequest`); any other URL, and every lightning address, is a pay request.
public struct LNURL: Equatable, Sendable {
    /// The URL the wallet would contact, normalised to `https` (or `http` on an onion host).
    public let url: String
    public let kind: LNURLKind

    /// Decodes `text`.
    public init(_ text: String) throws(LNURLError) {
        let lowered = text.lowercased()
        if lowered.hasPrefix("lnurl1") {
            guard let decoded = try? Bech32.decode(text, maximumLength: nil),
                decoded.humanReadablePart == "lnurl", decoded.encoding == .bech32,
                let bytes = Bech32.convertBits(decoded.data, from: 5, to: 8, pad: false),
                let url = String(validating: bytes, as: UTF8.self)
            else { throw .undecodable }
            (self.url, self.kind) = try Self.classify(url: url, schemeKind: nil)
            return
        }
        let schemes: [(String, LNURLKind)] = [
            ("lnurlp://", .pay), ("lnurlw://", .withdraw), ("lnurlc://", .channel), ("keyauth://", .auth),
        ]
        if let (scheme, kind) = schemes.first(where: { lowered.hasPrefix($0.0) }) {
            let rest = String(text.dropFirst(scheme.count))
            let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != ":" }.lowercased()
            let transport = host.hasSuffix(".onion") ? "http://" : "https://"
            (self.url, self.kind) = try Self.classify(url: transport + rest, schemeKind: kind)
            return
        }
        if let address = Self.lightningAddressURL(text) {
            (self.url, self.kind) = (address, .pay)
            return
        }
        throw .undecodable
    }

    /// Encodes `url` as an uppercase-free `lnurl1…` string (for simulated issuers and tests).
    public static func encode(url: String) -> String {
        Bech32.encode(
            humanReadablePart: "lnurl",
            data: Bech32.convertBits(Array(url.utf8), from: 8, to: 5, pad: true) ?? [], encoding: .bech32)
    }

    private static func classify(
        url: String, schemeKind: LNURLKind?
    ) throws(LNURLError)
        -> (String, LNURLKind)
    {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased(), !host.isEmpty,
            scheme == "https" || (scheme == "http" && host.hasSuffix(".onion"))
        else { throw .invalidURL }
        if let schemeKind { return (url, schemeKind) }
        let tag = components.queryItems?.last(where: { $0.name == "tag" })?.value
        switch tag {
        case "withdrawRequest": return (url, .withdraw)
        case "login": return (url, .auth)
        case "channelRequest": return (url, .channel)
        default: return (url, .pay)
        }
    }

    /// LUD-16: `name@domain` → `https://domain/.well-known/lnurlp/name`.
    private static func lightningAddressURL(_ text: String) -> String? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let name = parts[0].lowercased()
        let domain = parts[1].lowercased()
        let nameCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-_.+".utf8)
        let domainCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-.".utf8)
        guard !name.isEmpty, name.utf8.allSatisfy(nameCharacters.contains), domain.contains("."),
            !domain.hasPrefix("."), !domain.hasSuffix("."),
            domain.utf8.allSatisfy(domainCharacters.contains)
        else { return nil }
        let transport = domain.hasSuffix(".onion") ? "http://" : "https://"
        return "\(transport)\(domain)/.well-known/lnurlp/\(name)"
    }
}
