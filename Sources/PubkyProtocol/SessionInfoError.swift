/// Why SessionInfo bytes cannot be decoded (spec/04 §7).
public enum SessionInfoError: Error, Equatable, Sendable {
    /// The bytes end inside a field.
    case truncated
    /// A version other than 0.
    case unsupportedVersion(UInt64)
    /// A string field is not valid UTF-8.
    case invalidUTF8
    /// A capability string does not parse.
    case invalidCapability(String)
    /// Bytes remain after the last field.
    case trailingBytes(Int)
}
