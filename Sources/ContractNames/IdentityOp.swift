/// Changes of Bitkit's identity the audit reads: `source-lost` must follow a definite not-found.
public enum IdentityOp: String, Sendable, CaseIterable {
    case adopted, disconnected
    case sourceLost = "source-lost"
}
