import Foundation

/// A session as the apps export and import it, `<user z32>:<session secret>`, and as requests carry
/// it, the cookie `<user z32>=<session secret>` (spec/04 §7).
public struct ExportedSession: Hashable, Sendable, CustomStringConvertible {
    /// The session's user.
    public let user: PublicKey
    /// The session secret as issued. Not format-checked: an unknown secret is for the homeserver to
    /// reject (`GET /session` → 404).
    public let secret: String

    /// A session of `user` with `secret`.
    public init(user: PublicKey, secret: String) {
        self.user = user
        self.secret = secret
    }

    /// A session of `user` with a well-formed `secret`.
    public init(user: PublicKey, secret: SessionSecret) {
        self.init(user: user, secret: secret.text)
    }

    /// Parses `<z32>:<secret>` (trimmed), split at the first `:`.
    public init(parsing text: String) throws(ExportedSessionError) {
        try self.init(text.trimmingCharacters(in: .whitespacesAndNewlines), separator: ":")
    }

    /// Parses one cookie `<z32>=<secret>`, split at the first `=`.
    public init(cookie: String) throws(ExportedSessionError) {
        try self.init(cookie.trimmingCharacters(in: .whitespaces), separator: "=")
    }

    private init(_ text: String, separator: Character) throws(ExportedSessionError) {
        guard let split = text.firstIndex(of: separator) else { throw .missingSeparator }
        let userText = String(text[..<split])
        let secret = String(text[text.index(after: split)...])
        guard let user = PublicKey(z32: userText) else { throw .invalidUser(userText) }
        guard !secret.isEmpty else { throw .emptySecret }
        self.init(user: user, secret: secret)
    }

    /// Every session cookie of a `Cookie` header (`a=b; c=d`); pairs not named by a key are skipped.
    public static func sessions(inCookieHeader header: String) -> [ExportedSession] {
        header.split(separator: ";").compactMap { try? ExportedSession(cookie: String($0)) }
    }

    /// The export string `<z32>:<secret>`.
    public var description: String { "\(user.z32):\(secret)" }

    /// The cookie `<z32>=<secret>`, for both `Set-Cookie` and `Cookie`.
    public var cookie: String { "\(user.z32)=\(secret)" }
}
