import Foundation
import PubkyCrypto

/// A parsed `pubkyauth://` link (or its deprecated alias `pubkyring://`), spec/04 §5.
public struct AuthLink: Hashable, Sendable {
    /// The current scheme.
    public static let scheme = "pubkyauth"
    /// The deprecated alias scheme.
    public static let deprecatedScheme = "pubkyring"
    /// The relay used when a requester does not choose one.
    public static let defaultRelay = "https://httprelay.pubky.app/inbox"

    /// What the link asks for.
    public let request: AuthRequest
    /// Ring's x-callback targets.
    public let callbacks: XCallbacks
    /// Every parameter, percent-decoded, first occurrence of each name.
    public let parameters: [String: String]
    /// True when the link used `pubkyring://`.
    public let usesDeprecatedScheme: Bool

    /// The `caps` text exactly as the link carried it, for the apps' own display parsing.
    public var capabilitiesText: String? { parameters["caps"] }

    /// A link for `request` in the current scheme.
    public init(_ request: AuthRequest, callbacks: XCallbacks = XCallbacks()) {
        self.request = request
        self.callbacks = callbacks
        self.parameters = [:]
        self.usesDeprecatedScheme = false
    }

    /// Parses `text`. The host is the intent (empty = `signin`); unknown parameters are ignored.
    public init(parsing text: String, mode: AuthLinkParseMode = .strict) throws(AuthLinkError) {
        guard let separator = text.range(of: "://") else { throw .notALink }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == Self.scheme || scheme == Self.deprecatedScheme else {
            throw .unsupportedScheme(scheme)
        }
        var rest = text[separator.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let question = rest.firstIndex(of: "?")
        let authority = rest[..<(question ?? rest.endIndex)]
        let host = authority[..<(authority.firstIndex(of: "/") ?? authority.endIndex)].lowercased()
        let query = question.map { rest[rest.index(after: $0)...] } ?? ""
        let parameters = try Self.parameters(of: query)

        self.request = try Self.request(intent: host, parameters: parameters, mode: mode)
        self.callbacks = XCallbacks(parameters: parameters)
        self.parameters = parameters
        self.usesDeprecatedScheme = scheme == Self.deprecatedScheme
    }

    /// The canonical link: `pubkyauth://signin?caps=…&relay=…&secret=…` or
    /// `pubkyauth://signup?caps=…&relay=…&secret=…&hs=…[&st=…]`, plain concatenation. Direct-signup
    /// and secret-export links follow the same pattern (`hs`, `st`; `secret`), which is assumed.
    public var canonicalString: String {
        let prefix = "\(Self.scheme)://\(request.intent)?"
        switch request {
        case .signin(let caps, let relay, let secret):
            return prefix + "caps=\(caps)&relay=\(relay)&secret=\(Base64URL.encode(secret))"
        case .signup(let caps, let relay, let secret, let homeserver, let token):
            return prefix + "caps=\(caps)&relay=\(relay)&secret=\(Base64URL.encode(secret))"
                + "&hs=\(homeserver.z32)" + (token.map { "&st=\($0)" } ?? "")
        case .directSignup(let homeserver, let token):
            return prefix + "hs=\(homeserver.z32)" + (token.map { "&st=\($0)" } ?? "")
        case .secretExport(let secret):
            return prefix + "secret=\(Base64URL.encode(secret))"
        }
    }

    /// The canonical link carrying `caps` as `text` rather than normalised (percent-encoded where a
    /// query value needs it): a requester may ask for entries an approving app drops, and the apps'
    /// screens are judged on how they show them. Links without `caps` are unchanged.
    public func string(capabilitiesAsWritten text: String) -> String {
        let canonical = canonicalString
        let caps: Capabilities
        switch request {
        case .signin(let entries, _, _), .signup(let entries, _, _, _, _): caps = entries
        case .directSignup, .secretExport: return canonical
        }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#")
        let written = text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
        guard let range = canonical.range(of: "?caps=\(caps)&") else { return canonical }
        return canonical.replacingCharacters(in: range, with: "?caps=\(written)&")
    }

    private static func parameters(of query: Substring) throws(AuthLinkError) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let equals = pair.firstIndex(of: "=")
            let rawName = String(pair[..<(equals ?? pair.endIndex)])
            let rawValue = equals.map { String(pair[pair.index(after: $0)...]) } ?? ""
            guard let name = rawName.removingPercentEncoding else { throw .badPercentEncoding(rawName) }
            guard let value = rawValue.removingPercentEncoding else { throw .badPercentEncoding(name) }
            if result[name] == nil { result[name] = value }
        }
        return result
    }

    private static func request(
        intent: String, parameters: [String: String], mode: AuthLinkParseMode
    ) throws(AuthLinkError) -> AuthRequest {
        switch intent {
        case "", "signin":
            let (caps, relay, secret) = try relayParameters(parameters)
            return .signin(capabilities: caps, relay: relay, secret: secret)
        case "signup":
            if mode == .lenientRing, parameters["relay"] == nil || parameters["secret"] == nil {
                return .directSignup(homeserver: try homeserver(parameters), token: parameters["st"])
            }
            let (caps, relay, secret) = try relayParameters(parameters)
            return .signup(
                capabilities: caps, relay: relay, secret: secret, homeserver: try homeserver(parameters),
                token: parameters["st"])
        case "direct_signup":
            return .directSignup(homeserver: try homeserver(parameters), token: parameters["st"])
        case "secret_export":
            return .secretExport(secret: try secret(parameters))
        default:
            throw .unknownIntent(intent)
        }
    }

    private static func relayParameters(
        _ parameters: [String: String]
    ) throws(AuthLinkError) -> (Capabilities, String, [UInt8]) {
        guard let caps = parameters["caps"] else { throw .missingParameter("caps") }
        guard let relay = parameters["relay"] else { throw .missingParameter("relay") }
        guard let components = URLComponents(string: relay),
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = components.host, !host.isEmpty
        else { throw .invalidRelay(relay) }
        return (Capabilities(parsing: caps), relay, try secret(parameters))
    }

    private static func secret(_ parameters: [String: String]) throws(AuthLinkError) -> [UInt8] {
        guard let text = parameters["secret"] else { throw .missingParameter("secret") }
        guard let bytes = Base64URL.decode(text), bytes.count == 32 else { throw .invalidSecret }
        return bytes
    }

    private static func homeserver(_ parameters: [String: String]) throws(AuthLinkError) -> PublicKey {
        guard let text = parameters["hs"] else { throw .missingParameter("hs") }
        guard let key = PublicKey(z32: text) else { throw .invalidHomeserver(text) }
        return key
    }
}
