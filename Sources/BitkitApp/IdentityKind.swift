/// The persistent identity kinds of spec/02 §5, derived from what is stored.
public enum IdentityKind: String, Codable, Sendable {
    case none = "NONE"
    case owned = "OWNED"
    case adopted = "ADOPTED"
    case sessionOnly = "SESSION-ONLY"

    /// A reference wins, then a local key, then a lone session.
    public init(reference: AdoptedReference?, hasSecretKey: Bool, hasSession: Bool) {
        if reference != nil {
            self = .adopted
        } else if hasSecretKey {
            self = .owned
        } else if hasSession {
            self = .sessionOnly
        } else {
            self = .none
        }
    }
}
