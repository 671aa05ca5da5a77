/// A named asynchronous point of Bitkit (spec/02 §22) where `simctl break bitkit NAME` can hold the
/// app, with what happens there.
public struct BitkitCheckpoint: Encodable, Sendable, Equatable {
    public var name: String
    public var description: String

    /// Every checkpoint Bitkit passes, in the order of its flows.
    public static let all: [BitkitCheckpoint] = [
        .init(
            "bitkit.launch.before-restore",
            "Launch: the saved session and the active key were read; next the session is imported or the key signs in."),
        .init(
            "bitkit.launch.before-profile-load",
            "Launch: the session was restored; next the profile loads in the background."),
        .init(
            "bitkit.publish-own.before-write",
            "publishOwnSharedRecord (detached): next pubky_secret_key is read and <own prefix>:W is published."),
        .init(
            "bitkit.source-check.before-lookup",
            "Source check (launch end, foreground): next the existence check of the referenced Ring record."),
        .init(
            "bitkit.source-check.before-remove-own",
            "Source lost: before each delete of an own record while the local state is cleared."),
        .init(
            "bitkit.choice.before-profile-fetch",
            "Pubky Choice: Ring's pubkys were listed; next each row's profile is fetched."),
        .init(
            "bitkit.pick.before-read",
            "Pick: between listing Ring's records and reading the picked secret just in time."),
        .init("bitkit.pick.before-sign-in", "Pick: the reference is set; next the picked key signs in."),
        .init(
            "bitkit.pick.before-record-check",
            "Pick: the sign-in failed; next the network is asked whether the key has a PKARR record."),
        .init("bitkit.pick.before-sign-up", "Pick: the network confirmed no record; next Homegate sign-up."),
        .init(
            "bitkit.pick.before-profile-fetch",
            "Pick: the session was activated; next the picked pubky's profile is fetched."),
        .init(
            "bitkit.activate.before-remove-own",
            "Session activation with a reference (or without a local key): before each own-record delete."),
        .init("bitkit.create-profile.before-lookup", "Create Profile: next the profile lookup of the shown pubky."),
        .init(
            "bitkit.create-profile.before-save",
            "Create Profile → Save: next identity creation (sign-in or Homegate sign-up, profile write)."),
        .init("bitkit.profile.before-load", "Profile: next the profile of the signed-in pubky loads."),
        .init(
            "bitkit.auth.before-read",
            "Approval sheet → Authorize: next the signing key is read (a Ring key just in time)."),
        .init(
            "bitkit.auth.before-republish",
            "Approval: next the signing identity's PKARR record is re-published (≤ 5 s)."),
        .init("bitkit.auth.before-relay", "Approval: next the AuthToken is signed and posted to the relay channel."),
        .init(
            "bitkit.signup.before-register",
            "Signup sheet → Authorize: next W is derived and registered on the link's homeserver."),
        .init(
            "bitkit.signup.before-relay",
            "Signup link: the account exists; next the AuthToken goes to the relay (≤ 30 s)."),
        .init(
            "bitkit.delete.before-delete-profile",
            "Delete Profile: next endpoints and the profile document are deleted."),
        .init("bitkit.disconnect.before-sign-out", "Disconnect: next the session is signed out at the homeserver."),
        .init(
            "bitkit.disconnect.before-remove-own",
            "Disconnect: before each own-record delete while the local state is cleared."),
        .init("bitkit.wipe.before-remove-own", "Wipe (settings reset): before each own-record delete."),
        .init(
            "bitkit.orphan.before-remove-own",
            "Launch orphan check (reinstall over a surviving keychain): before each own-record delete."),
        .init(
            "bitkit.restore.before-remove-own",
            "Backup restore without a usable Pubky session: before each own-record delete."),
        .init("bitkit.restore.before-sign-in", "Backup restore localSeed: W is stored; next it signs in."),
        .init("bitkit.removeAllOwn.before-delete", "`bitkit-sim keychain remove-all-own`: before each delete."),
        .init("bitkit.requests.before-fetch", "Requests sync: next the contacts' request records are fetched."),
        .init(
            "bitkit.requests.before-resolve",
            "Pay: the request is pending; next the issuer's endpoints are fetched and resolved (15 attempts)."),
        .init(
            "bitkit.requests.before-send",
            "Confirm: next the spec/05 §6 re-checks run on the reloaded state, then the payment is sent."),
    ]

    init(_ name: String, _ description: String) {
        self.name = name
        self.description = description
    }
}
