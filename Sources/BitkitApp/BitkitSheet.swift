/// A sheet or dialog shown over Bitkit's current screen.
public enum BitkitSheet: Codable, Sendable, Equatable {
    /// The phase of an approval sheet.
    public enum Phase: String, Codable, Sendable {
        case initial, authorizing, success
    }

    /// `pubky-auth-approval`: a sign-in link's capabilities and `Authorize` (spec/02 §14.2).
    case authApproval(link: String, capabilities: String, phase: Phase)
    /// `pubky-auth-signup`: a signup link's homeserver and `Authorize` (spec/02 §14.3).
    case authSignup(link: String, homeserver: String, phase: Phase)
    /// `Delete Profile?` / `Yes, Delete`.
    case confirmDelete
    /// `Disconnect Profile`.
    case confirmDisconnect
    /// The wallet reset confirmation.
    case confirmReset
    /// `PaymentRequestsSheet`: the pending payment requests (spec/05 §8).
    case paymentRequests
    /// The drawer the Home header's menu opens (spec/08 §3.2, assumed a sheet).
    case drawer

    /// The sheet's id as printed (`Screen.sheet.id`, `state.sheet`).
    public var id: String {
        switch self {
        case .authApproval: return "pubky-auth-approval"
        case .authSignup: return "pubky-auth-signup"
        case .confirmDelete: return "delete-profile-confirm"
        case .confirmDisconnect: return "disconnect-profile-confirm"
        case .confirmReset: return "reset-confirm"
        case .paymentRequests: return PaymentRequestTexts.sheetID
        case .drawer: return "drawer"
        }
    }
}
