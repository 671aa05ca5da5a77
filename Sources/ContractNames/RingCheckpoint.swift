/// The named points where Ring awaits (spec/03 §3, §8, §9, §10, §12) and where `simctl break ring …`
/// can hold it, with the main actor released.
public enum RingCheckpoint: String, AppCheckpoint {
    case setOwnedBetweenDeleteAndAdd = "ring.setOwned.between-delete-and-add"
    case pruneAfterListing = "ring.prune.after-listing"
    case adoptBeforeResolve = "ring.adopt.before-resolve"
    case deleteBeforeDeletion = "ring.delete.before-deletion"
    case deleteAfterUnpublish = "ring.delete.after-unpublish"
    case wipeBeforeUnpublish = "ring.wipe.before-unpublish"
    case wipeBeforeDelete = "ring.wipe.before-delete"
    case wipeBeforeReset = "ring.wipe.before-reset"
    case removeAllOwnedBeforeDelete = "ring.removeAllOwned.before-delete"
    case authorizeBeforeRead = "ring.authorize.before-read"
    case authorizeBeforeApprove = "ring.authorize.before-approve"
    case signupBeforeRequest = "ring.signup.before-request"

    /// One sentence on where the point is.
    public var sentence: String {
        switch self {
        case .setOwnedBetweenDeleteAndAdd:
            return
                "Publishing an own record (launch, every save, `keychain set-owned`): after deleting `app.pubkyring:<pubky>`, before adding it again — the record is absent here."
        case .pruneAfterListing:
            return "Offer load (Home focus, foreground): Bitkit's records were listed successfully, nothing pruned yet."
        case .adoptBeforeResolve:
            return "Use in Pubky Ring: before resolving the pubky's homeserver from PKARR; no entry added yet."
        case .deleteBeforeDeletion:
            return "Delete confirmed: the app is back on Home, the deletion has not started."
        case .deleteAfterUnpublish:
            return "Deleting an owned pubky: `app.pubkyring:<pubky>` is removed, the entry and private key still exist."
        case .wipeBeforeUnpublish:
            return "Wipe confirmed (Yes): nothing removed yet."
        case .wipeBeforeDelete:
            return "Wipe: own records listed, before deleting each `app.pubkyring:` record (hit once per record)."
        case .wipeBeforeReset:
            return "Wipe: every own record removed, private items and the store not reset yet."
        case .removeAllOwnedBeforeDelete:
            return "`keychain remove-all-owned`: before deleting each `app.pubkyring:` record."
        case .authorizeBeforeRead:
            return "Authorize with a Bitkit pubky: before reading its secret just in time from the shared group."
        case .authorizeBeforeApprove:
            return "Authorize: the secret is in memory, before signing and posting the AuthToken to the relay."
        case .signupBeforeRequest:
            return "Sign up: before the homeserver sign-up request."
        }
    }
}
