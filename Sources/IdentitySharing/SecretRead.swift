/// A just-in-time read of one shared secret, already checked against its pubky by the reader's
/// rules (spec/01 §4). The secret is held by the caller for one use and never stored.
public enum SecretRead: Sendable, Equatable {
    case found(String)
    /// The record is definitely not there.
    case absent
    /// The record may exist but gave no usable secret: unreadable, malformed, another key's
    /// secret. The reason is the platform's own text.
    case unknown(String)

    /// The reason of an `unknown` answer, nil for any other.
    public var unknownReason: String? {
        if case .unknown(let reason) = self { return reason }
        return nil
    }

    /// The secret, or nil for any other answer.
    public var secret: String? {
        if case .found(let secret) = self { return secret }
        return nil
    }
}
