/// Bitkit's `authState` (spec/02 §4): `authenticated` requires a `publicKey`.
public enum AuthState: String, Codable, Sendable {
    case idle, authenticated
}
