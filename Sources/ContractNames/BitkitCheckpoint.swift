/// The named asynchronous points of Bitkit (spec/02 §22) where `simctl break bitkit NAME` can hold
/// the app, in the order of its flows. A checkpoint the code passes is a case here, so a misspelled
/// one does not compile (and `bitkit-sim checkpoints` lists exactly what can pause).
public enum BitkitCheckpoint: String, AppCheckpoint {
    case launchBeforeRestore = "bitkit.launch.before-restore"
    case launchBeforeProfileLoad = "bitkit.launch.before-profile-load"
    case publishOwnBeforeWrite = "bitkit.publish-own.before-write"
    case sourceCheckBeforeLookup = "bitkit.source-check.before-lookup"
    case sourceCheckBeforeRemoveOwn = "bitkit.source-check.before-remove-own"
    case choiceBeforeProfileFetch = "bitkit.choice.before-profile-fetch"
    case pickBeforeRead = "bitkit.pick.before-read"
    case pickBeforeSignIn = "bitkit.pick.before-sign-in"
    case pickBeforeRecordCheck = "bitkit.pick.before-record-check"
    case pickBeforeSignUp = "bitkit.pick.before-sign-up"
    case pickBeforeProfileFetch = "bitkit.pick.before-profile-fetch"
    case activateBeforeRemoveOwn = "bitkit.activate.before-remove-own"
    case createProfileBeforeLookup = "bitkit.create-profile.before-lookup"
    case createProfileBeforeSave = "bitkit.create-profile.before-save"
    case profileBeforeLoad = "bitkit.profile.before-load"
    case authBeforeRead = "bitkit.auth.before-read"
    case authBeforeRepublish = "bitkit.auth.before-republish"
    case authBeforeRelay = "bitkit.auth.before-relay"
    case signupBeforeRegister = "bitkit.signup.before-register"
    case signupBeforeRelay = "bitkit.signup.before-relay"
    case deleteBeforeDeleteProfile = "bitkit.delete.before-delete-profile"
    case disconnectBeforeSignOut = "bitkit.disconnect.before-sign-out"
    case disconnectBeforeRemoveOwn = "bitkit.disconnect.before-remove-own"
    case wipeBeforeRemoveOwn = "bitkit.wipe.before-remove-own"
    case orphanBeforeRemoveOwn = "bitkit.orphan.before-remove-own"
    case restoreBeforeRemoveOwn = "bitkit.restore.before-remove-own"
    case restoreBeforeSignIn = "bitkit.restore.before-sign-in"
    case removeAllOwnBeforeDelete = "bitkit.removeAllOwn.before-delete"
    case requestsBeforeFetch = "bitkit.requests.before-fetch"
    case requestsBeforeResolve = "bitkit.requests.before-resolve"
    case requestsBeforeSend = "bitkit.requests.before-send"
    // The contact import (spec/09 §3.1): named here so tools and scenarios agree on them; the import
    // feature reaches them.
    case importBeforeFollows = "bitkit.import.before-follows"
    case importBeforeLookup = "bitkit.import.before-lookup"
    case importBeforeSave = "bitkit.import.before-save"
    case contactsBeforeRefresh = "bitkit.contacts.before-refresh"
    case contactLinkBeforeRoute = "bitkit.contact-link.before-route"

    /// What happens at the point.
    public var sentence: String {
        switch self {
        case .launchBeforeRestore:
            return
                "Launch: the saved session and the active key were read; next the session is imported or the key signs in."
        case .launchBeforeProfileLoad:
            return "Launch: the session was restored; next the profile loads in the background."
        case .publishOwnBeforeWrite:
            return "publishOwnSharedRecord (detached): next pubky_secret_key is read and <own prefix>:W is published."
        case .sourceCheckBeforeLookup:
            return "Source check (launch end, foreground): next the existence check of the referenced Ring record."
        case .sourceCheckBeforeRemoveOwn:
            return "Source lost: before each delete of an own record while the local state is cleared."
        case .choiceBeforeProfileFetch:
            return "Pubky Choice: Ring's pubkys were listed; next each row's profile is fetched."
        case .pickBeforeRead:
            return "Pick: between listing Ring's records and reading the picked secret just in time."
        case .pickBeforeSignIn:
            return "Pick: the reference is set; next the picked key signs in."
        case .pickBeforeRecordCheck:
            return "Pick: the sign-in failed; next the network is asked whether the key has a PKARR record."
        case .pickBeforeSignUp:
            return "Pick: the network confirmed no record; next Homegate sign-up."
        case .pickBeforeProfileFetch:
            return "Pick: the session was activated; next the picked pubky's profile is fetched."
        case .activateBeforeRemoveOwn:
            return "Session activation with a reference (or without a local key): before each own-record delete."
        case .createProfileBeforeLookup:
            return "Create Profile: next the profile lookup of the shown pubky."
        case .createProfileBeforeSave:
            return "Create Profile → Save: next identity creation (sign-in or Homegate sign-up, profile write)."
        case .profileBeforeLoad:
            return "Profile: next the profile of the signed-in pubky loads."
        case .authBeforeRead:
            return "Approval sheet → Authorize: next the signing key is read (a Ring key just in time)."
        case .authBeforeRepublish:
            return "Approval: next the signing identity's PKARR record is re-published (≤ 5 s)."
        case .authBeforeRelay:
            return "Approval: next the AuthToken is signed and posted to the relay channel."
        case .signupBeforeRegister:
            return "Signup sheet → Authorize: next W is derived and registered on the link's homeserver."
        case .signupBeforeRelay:
            return "Signup link: the account exists; next the AuthToken goes to the relay (≤ 30 s)."
        case .deleteBeforeDeleteProfile:
            return "Delete Profile: next endpoints and the profile document are deleted."
        case .disconnectBeforeSignOut:
            return "Disconnect: next the session is signed out at the homeserver."
        case .disconnectBeforeRemoveOwn:
            return "Disconnect: before each own-record delete while the local state is cleared."
        case .wipeBeforeRemoveOwn:
            return "Wipe (settings reset): before each own-record delete."
        case .orphanBeforeRemoveOwn:
            return "Launch orphan check (reinstall over a surviving keychain): before each own-record delete."
        case .restoreBeforeRemoveOwn:
            return "Backup restore without a usable Pubky session: before each own-record delete."
        case .restoreBeforeSignIn:
            return "Backup restore localSeed: W is stored; next it signs in."
        case .removeAllOwnBeforeDelete:
            return "`bitkit-sim keychain remove-all-own`: before each delete."
        case .requestsBeforeFetch:
            return "Requests sync: next the contacts' request records are fetched."
        case .requestsBeforeResolve:
            return "Pay: the request is pending; next the issuer's endpoints are fetched and resolved (15 attempts)."
        case .requestsBeforeSend:
            return "Confirm: next the spec/05 §6 re-checks run on the reloaded state, then the payment is sent."
        case .importBeforeFollows:
            return "Adoption found the profile: next the adopted pubky's follows are listed."
        case .importBeforeLookup:
            return "Contact import preview: next one follow's profile lookup."
        case .importBeforeSave:
            return "Contact import (Import All or Continue): next one follow is saved as a contact."
        case .contactsBeforeRefresh:
            return "Contacts: the rows are shown under their saved names; next the background profile refresh."
        case .contactLinkBeforeRoute:
            return "Contact link: the link is kept; next it routes (Add Contact, Contact Detail or Profile)."
        }
    }
}
