/// Whether the other app still shares one identity, without reading its secret.
public enum Presence: Sendable, Equatable {
    case present
    /// Definitely gone: the only answer Bitkit's source check may clear an adoption on.
    case absent
    /// Could not be told (locked, not entitled, a failing call); the reason is the platform's text.
    case unknown(String)
}
