/// What a `pubkyauth://` link asks for (spec/04 §5), with the parameters each intent requires.
public enum AuthRequest: Hashable, Sendable {
    /// Sign in: approve `capabilities` and post the AuthToken to `relay`, encrypted with `secret`.
    case signin(capabilities: Capabilities, relay: String, secret: [UInt8])
    /// Create an account on `homeserver` (with `token`), then deliver an AuthToken like `signin`.
    case signup(
        capabilities: Capabilities, relay: String, secret: [UInt8], homeserver: PublicKey,
        token: String?)
    /// Create an account on `homeserver` (with `token`) without any relay step.
    case directSignup(homeserver: PublicKey, token: String?)
    /// Export a secret; only the 32-byte `secret` is carried.
    case secretExport(secret: [UInt8])

    /// The intent as written in the link's host.
    public var intent: String {
        switch self {
        case .signin: "signin"
        case .signup: "signup"
        case .directSignup: "direct_signup"
        case .secretExport: "secret_export"
        }
    }

    /// True for `signup` and `direct_signup`, which both create an account.
    public var isSignup: Bool {
        switch self {
        case .signup, .directSignup: true
        case .signin, .secretExport: false
        }
    }
}
