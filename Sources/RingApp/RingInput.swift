import Foundation
import PubkyCrypto
import PubkyProtocol

/// What a scanned, pasted or delivered text is, with the x-callbacks it carries (spec/03 §11). Parse
/// priority: migration frame, direct signup, signup, session request (only with an x-success),
/// sign-in, auth URL, invite URL, bare invite code, import data (phrase or secret), unknown.
enum RingInput: Equatable {
    /// A sign-in, signup or direct-signup link; `cleaned` is the text the token is signed for.
    case auth(AuthLink, cleaned: String, callbacks: XCallbacks)
    /// `pubkyring://session?x-success=…` (legacy `callback=`).
    case session(RingSessionRequest)
    /// An invite code, bare or from `…/invite/<code>`, uppercased (assumed: Homegate codes are
    /// uppercase Crockford base32, so a code typed in lowercase still signs up).
    case invite(String, callbacks: XCallbacks)
    /// A 64-hex secret (import data or a migration frame's key).
    case secret(String)
    /// A valid recovery phrase, normalised to single spaces and lowercase.
    case mnemonic(String)
    case unrecognized

    /// Reads `text` as Ring does: the x-callbacks are taken from the original query and decoded
    /// once; everything else from the cleaned-up text (trimmed, decoded up to three times, the
    /// `pubkyring://` wrapper stripped, …), without the callbacks so that a nested callback's own
    /// parameters never pass for the link's.
    init(_ text: String) {
        let original = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let cleaned = RingLinkCleanup.clean(Self.removingCallbacks(from: original))
        let callbacks =
            XCallbacks(decodingOnce: original)
            ?? XCallbacks(parameters: Self.parameters(of: RingLinkCleanup.clean(original)))
        let lowered = cleaned.lowercased()

        if Self.hasHost("migrate", scheme: "pubkyring", in: lowered) {
            self = Self.parameters(of: cleaned)["key"].map(Self.importData) ?? .unrecognized
            return
        }
        // Direct signup, signup and sign-in are told apart by the link's host, and none of them is a
        // session, invite or migration link, so one parse here keeps the priority order.
        if lowered.hasPrefix("pubkyauth:") || lowered.hasPrefix("pubkyring:"),
            let link = try? AuthLink(parsing: cleaned, mode: .lenientRing)
        {
            switch link.request {
            case .directSignup, .signup, .signin:
                self = .auth(link, cleaned: cleaned, callbacks: callbacks)
                return
            case .secretExport:
                break
            }
        }
        if Self.hasHost("session", scheme: "pubkyring", in: lowered), let success = callbacks.success {
            self = .session(RingSessionRequest(successURL: success, callbacks: callbacks))
            return
        }
        if let code = Self.inviteInURL(cleaned) {
            self = .invite(code, callbacks: callbacks)
            return
        }
        if Self.isInviteCode(cleaned[...]) {
            self = .invite(cleaned.uppercased(), callbacks: callbacks)
            return
        }
        self = Self.importData(cleaned)
    }

    /// Auth, signup, direct-signup, invite and session inputs need the network; imports do not.
    var needsNetwork: Bool {
        switch self {
        case .auth, .session, .invite: true
        case .secret, .mnemonic, .unrecognized: false
        }
    }

    /// The x-error target the input carries, if any.
    var errorURL: String? {
        switch self {
        case .auth(_, _, let callbacks), .invite(_, let callbacks): callbacks.error
        case .session(let request): request.errorURL
        case .secret, .mnemonic, .unrecognized: nil
        }
    }

    // MARK: Import data

    /// `pubkyring://` stripped, every run of `-`, `_` or `+` made one space, then a 64-hex secret or
    /// a recovery phrase (validated lowercased, so a phrase typed with capitals still imports).
    static func importData(_ text: String) -> RingInput {
        var data = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let wrapper = "pubkyring://"
        if data.lowercased().hasPrefix(wrapper) { data = String(data.dropFirst(wrapper.count)) }
        var joined = ""
        var inSeparatorRun = false
        for character in data {
            if character == "-" || character == "_" || character == "+" {
                if !inSeparatorRun { joined.append(" ") }
                inSeparatorRun = true
            } else {
                joined.append(character)
                inSeparatorRun = false
            }
        }
        let candidate = joined.trimmingCharacters(in: .whitespacesAndNewlines)
        if Hex.isSecret(candidate.lowercased()) { return .secret(candidate.lowercased()) }
        let words = BIP39.normalize(candidate)
        if (try? BIP39.validate(words)) != nil { return .mnemonic(words.joined(separator: " ")) }
        return .unrecognized
    }

    // MARK: Invite codes

    /// `XXXX-XXXX-XXXX`: three groups of four ASCII letters or digits, any case.
    static func isInviteCode(_ text: Substring) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.count == 3
            && groups.allSatisfy { group in
                group.count == 4
                    && group.unicodeScalars.allSatisfy {
                        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    }
            }
    }

    /// The code of the first `…/invite/<code>` in `text` (any scheme, `pubkyring://invite/<code>`
    /// included) when the code ends the path (end, `?`, `/`, `#` or `&` follows), uppercased.
    static func inviteInURL(_ text: String) -> String? {
        var searchStart = text.startIndex
        while let marker = text.range(of: "/invite/", options: .caseInsensitive, range: searchStart..<text.endIndex) {
            let codeEnd = text.index(marker.upperBound, offsetBy: 14, limitedBy: text.endIndex) ?? text.endIndex
            let code = text[marker.upperBound..<codeEnd]
            let next = codeEnd < text.endIndex ? text[codeEnd] : nil
            if isInviteCode(code), next == nil || "?/#&".contains(next ?? " ") { return code.uppercased() }
            searchStart = marker.upperBound
        }
        return nil
    }

    // MARK: Link helpers

    /// True for `scheme://host`, `scheme://host?…` and `scheme://host/…` (`lowered` is lowercase).
    private static func hasHost(_ host: String, scheme: String, in lowered: String) -> Bool {
        let prefix = "\(scheme)://\(host)"
        guard lowered.hasPrefix(prefix) else { return false }
        let rest = lowered.dropFirst(prefix.count)
        return rest.isEmpty || rest.hasPrefix("?") || rest.hasPrefix("/")
    }

    /// The query parameters of already cleaned text, first occurrence of each name, as written.
    private static func parameters(of text: String) -> [String: String] {
        guard let question = text.firstIndex(of: "?") else { return [:] }
        var result: [String: String] = [:]
        for pair in text[text.index(after: question)...].split(separator: "&") {
            let equals = pair.firstIndex(of: "=")
            let name = String(pair[..<(equals ?? pair.endIndex)])
            if result[name] == nil { result[name] = equals.map { String(pair[pair.index(after: $0)...]) } ?? "" }
        }
        return result
    }

    /// `text` without its x-callback parameters (from its literal query).
    private static func removingCallbacks(from text: String) -> String {
        guard let question = text.firstIndex(of: "?") else { return text }
        var query = text[text.index(after: question)...]
        var fragment = ""
        if let hash = query.firstIndex(of: "#") {
            fragment = String(query[hash...])
            query = query[..<hash]
        }
        let kept = query.split(separator: "&").filter { pair in
            let name = pair[..<(pair.firstIndex(of: "=") ?? pair.endIndex)]
            return !XCallbacks.names.contains(name.removingPercentEncoding ?? String(name))
        }
        return String(text[...question]) + kept.joined(separator: "&") + fragment
    }
}
