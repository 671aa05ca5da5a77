import AppRuntime

/// A named SDK or service failure Bitkit honours (`simctl fault sdk --app bitkit NAME`).
public enum BitkitSDKFault: String, SDKFaultName {
    case forgetSession = "forget-session"
    case signIn = "sign-in"
    case signUp = "sign-up"
    case importSession = "import-session"
    case signOut = "sign-out"
    case recordCheck = "record-check"
    case profileRead = "profile-read"
    case followsRead = "follows-read"
    case contactSave = "contact-save"
    case profileWrite = "profile-write"
    case deleteProfile = "delete-profile"
    case removeEndpoints = "remove-endpoints"
    case approve
    case paykitRequests = "paykit-requests"
    case paykitEndpoints = "paykit-endpoints"
    case paykitPay = "paykit-pay"

    public var summary: String {
        switch self {
        case .forgetSession:
            return
                "forgetSessionAccess throws before deleting anything; clearLocalState then deletes paykit_session and pubky_secret_key itself (R3)."
        case .signIn:
            return "A key sign-in fails (launch, adoption, identity creation, session refresh, localSeed restore)."
        case .signUp: return "Homegate sign-up or a signup link's registration fails."
        case .importSession: return "The saved session's import at launch fails."
        case .signOut:
            return "The homeserver sign-out fails (Disconnect; ending a session after a failed profile write)."
        case .recordCheck: return "The PKARR record check fails (adoption; the re-publish before an approval)."
        case .profileRead: return "A profile lookup fails (Pubky Choice rows, adoption, Create Profile, Profile)."
        case .followsRead: return "The follows check after an adoption that found a profile fails."
        case .contactSave:
            return "A contact import's save of one follow fails; the import goes on with the next (spec/09 §3.4)."
        case .profileWrite: return "Writing the Paykit profile fails."
        case .deleteProfile: return "Deleting the Paykit profile fails (Unable to Delete Profile)."
        case .removeEndpoints: return "The best-effort removal of Paykit endpoints fails."
        case .approve: return "Delivering an AuthToken to the relay fails."
        case .paykitRequests: return "Fetching a contact's payment requests fails (the sync skips that contact)."
        case .paykitEndpoints:
            return "Fetching the issuer's endpoints fails: that resolution attempt ends resolution_failed."
        case .paykitPay: return "The on-chain broadcast or Lightning payment fails; nothing is sent."
        }
    }
}
