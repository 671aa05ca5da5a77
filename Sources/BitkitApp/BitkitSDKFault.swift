/// A named SDK or service failure Bitkit honours (`simctl fault sdk --app bitkit NAME`).
public struct BitkitSDKFault: Encodable, Sendable, Equatable {
    public var name: String
    public var description: String

    /// Every SDK fault name Bitkit checks.
    public static let all: [BitkitSDKFault] = [
        .init(
            "forget-session",
            "forgetSessionAccess throws before deleting anything; clearLocalState then deletes paykit_session and pubky_secret_key itself (R3)."
        ),
        .init(
            "sign-in", "A key sign-in fails (launch, adoption, identity creation, session refresh, localSeed restore)."),
        .init("sign-up", "Homegate sign-up or a signup link's registration fails."),
        .init("import-session", "The saved session's import at launch fails."),
        .init("sign-out", "The homeserver sign-out fails (Disconnect; ending a session after a failed profile write)."),
        .init("record-check", "The PKARR record check fails (adoption; the re-publish before an approval)."),
        .init("profile-read", "A profile lookup fails (Pubky Choice rows, adoption, Create Profile, Profile)."),
        .init("follows-read", "The follows check after an adoption that found a profile fails."),
        .init("profile-write", "Writing the Paykit profile fails."),
        .init("delete-profile", "Deleting the Paykit profile fails (Unable to Delete Profile)."),
        .init("remove-endpoints", "The best-effort removal of Paykit endpoints fails."),
        .init("approve", "Delivering an AuthToken to the relay fails."),
        .init("paykit-requests", "Fetching a contact's payment requests fails (the sync skips that contact)."),
        .init(
            "paykit-endpoints", "Fetching the issuer's endpoints fails: that resolution attempt ends resolution_failed."
        ),
        .init("paykit-pay", "The on-chain broadcast or Lightning payment fails; nothing is sent."),
    ]

    init(_ name: String, _ description: String) {
        self.name = name
        self.description = description
    }
}
