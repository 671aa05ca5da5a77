import Backend
import Foundation
import PubkyCrypto
import PubkyProtocol
import SimCLI

/// The `simctl auth-request` forms aimed at Pubky Ring's input parser (spec/03 §11): a session
/// request with nested callbacks, invite links, and what a requesting app received at its callback.
enum RingRequestForms {
    /// Encodes a value as a requesting app does before nesting it in a query (`encodeURIComponent`:
    /// everything but letters, digits and `-_.!~*'()`), so Ring's single decode gives it back as is.
    static func component(_ value: String) -> String {
        var allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        allowed.insert(charactersIn: "-_.!~*'()")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    /// `?x-success=…&x-error=…` (encoded once), or `""` without callbacks.
    static func callbackQuery(success: String?, error: String?, successName: String = "x-success") -> String {
        let pairs = [(successName, success), ("x-error", error)].compactMap { name, value in
            value.map { "\(name)=\(component($0))" }
        }
        return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }

    struct SessionOutput: Encodable {
        var link: String
        var intent = "session"
        var xSuccess: String
        var xError: String?
    }

    /// `auth-request session --x-success URL [--x-error URL] [--legacy]`.
    static func session(_ args: inout Arguments, _ invocation: Invocation) throws {
        let success = try args.option("--x-success")
        let error = try args.option("--x-error")
        let legacy = args.flag("--legacy")
        try args.finish()
        guard let success else {
            throw CLIError.usage("A session request needs --x-success URL: where Ring returns the session.")
        }
        try invocation.world.requireExists()
        let link =
            "pubkyring://session"
            + callbackQuery(success: success, error: error, successName: legacy ? "callback" : "x-success")
        try invocation.emit(
            SessionOutput(link: link, xSuccess: success, xError: error),
            text: "\(link)\nRing opens \(success) with pubky, session_secret and capabilities appended.")
    }

    struct InviteOutput: Encodable {
        /// The invite URL form (`<base>/invite/<code>[?x-success=…]`).
        var link: String
        /// `pubkyring://invite/<code>[?x-success=…]`.
        var ringLink: String
        /// The bare code.
        var code: String
        var homeserver: String?
        /// False when --code named a code this world never issued (Ring's sign-up will fail).
        var issued: Bool
    }

    /// `auth-request invite [--homeserver H | --code CODE] [--url BASE] [--x-success URL] [--x-error URL]`.
    static func invite(_ args: inout Arguments, _ invocation: Invocation) throws {
        let homeserverName = try args.option("--homeserver")
        let given = try args.option("--code")
        let base = try args.option("--url") ?? "https://example.com"
        let success = try args.option("--x-success")
        let error = try args.option("--x-error")
        try args.finish()
        if given != nil && homeserverName != nil {
            throw CLIError.usage("--code uses a code as given; --homeserver only goes with a freshly issued one.")
        }
        let store = try BackendAccess.store(invocation)
        let code: String
        let homeserver: String?
        if let given {
            code = given
            let tokens = try BackendAccess.run { () throws(BackendError) in try store.accounts().signupTokens }
            homeserver = tokens.first { $0.token == given }?.homeserver
        } else {
            let key = try BackendAccess.homeserver(homeserverName ?? "staging", store: store)
            let environment = invocation.environment(.bitkit)
            var random = SeededRandom(seed: try environment.nextRandomSeed())
            let now = try environment.now()
            code = try BackendAccess.run { () throws(BackendError) in
                try store.issueSignupToken(homeserver: key, issuer: "simctl", random: &random, now: now)
            }
            homeserver = key
        }
        let query = callbackQuery(success: success, error: error)
        let trimmedBase = base.hasSuffix("/") ? String(base.dropLast()) : base
        let output = InviteOutput(
            link: "\(trimmedBase)/invite/\(code)\(query)", ringLink: "pubkyring://invite/\(code)\(query)", code: code,
            homeserver: homeserver, issued: homeserver != nil)
        try invocation.emit(
            output,
            text: [output.link, output.ringLink, output.code]
                .joined(separator: "\n")
                + "\n"
                + (homeserver.map { "code for homeserver \($0)" } ?? "this world never issued \(code)"))
    }

    struct ReceivedOutput: Encodable {
        struct Session: Encodable {
            var pubky: String
            /// True when the homeserver holds a live session with this secret for this pubky.
            var valid: Bool
            var homeserver: String?
            var capabilities: String?
        }

        var url: String
        /// Every query parameter, percent-decoded once, first occurrence of each name.
        var parameters: [String: String]
        /// The session the URL returned (`pubky` + `session_secret`), checked at the homeserver.
        var session: Session?
    }

    /// `auth-request received URL`: what the requesting app got at its callback — the parameters, and
    /// for a returned session whether it is live at the homeserver (read without a request).
    static func received(_ args: inout Arguments, _ invocation: Invocation) throws {
        let url = try args.positional("URL")
        try args.finish()
        var parameters: [String: String] = [:]
        if let question = url.firstIndex(of: "?") {
            var query = url[url.index(after: question)...]
            if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
            for pair in query.split(separator: "&") {
                let equals = pair.firstIndex(of: "=")
                let rawName = String(pair[..<(equals ?? pair.endIndex)])
                let rawValue = equals.map { String(pair[pair.index(after: $0)...]) } ?? ""
                let name = rawName.removingPercentEncoding ?? rawName
                if parameters[name] == nil { parameters[name] = rawValue.removingPercentEncoding ?? rawValue }
            }
        }
        var session: ReceivedOutput.Session?
        if let pubky = parameters["pubky"], let secret = parameters["session_secret"] {
            let store = try BackendAccess.store(invocation)
            let live = try BackendAccess.run { () throws(BackendError) in try store.sessions(pubky: pubky) }
                .first { $0.cookie == "\(pubky)=\(secret)" }
            session = .init(
                pubky: pubky, valid: live != nil, homeserver: live?.homeserver, capabilities: live?.capabilities)
        } else {
            try invocation.world.requireExists()
        }
        var lines = parameters.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }
        if let session {
            lines.append(
                session.valid
                    ? "session of \(session.pubky) is live on \(session.homeserver ?? "?") [\(session.capabilities ?? "")]"
                    : "session of \(session.pubky) is not known to any homeserver")
        }
        try invocation.emit(
            ReceivedOutput(url: url, parameters: parameters, session: session),
            text: lines.isEmpty ? "No parameters." : lines.joined(separator: "\n"))
    }
}
