/// Why a text is not an exported session or session cookie.
public enum ExportedSessionError: Error, Equatable, Sendable {
    /// No `:` (export string) or `=` (cookie).
    case missingSeparator
    /// The part before the separator is not a bare z-base-32 key.
    case invalidUser(String)
    /// Nothing after the separator.
    case emptySecret
}
