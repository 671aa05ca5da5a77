import AppRuntime

/// Named failures `simctl fault sdk --app ring NAME` can force on Ring's calls, for paths the backend's
/// knobs cannot reach.
public enum RingSDKFault: String, SDKFaultName {
    case deliverAuthToken = "deliver-auth-token"
    case signIn = "sign-in"
    case saveStore = "save-store"

    public var summary: String {
        switch self {
        case .deliverAuthToken: return "Posting a signed AuthToken to the relay fails (no connection)."
        case .signIn: return "Signing in to the homeserver fails (HTTP 500)."
        case .saveStore: return "Saving Ring's pubky list after Use in Pubky Ring fails (no space left on the device)."
        }
    }
}
