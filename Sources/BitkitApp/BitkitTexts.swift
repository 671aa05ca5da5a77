/// Every user-visible string of spec/02 §24, verbatim, plus the simulator's own assumed texts
/// (marked). Screens and toasts use only these.
public enum BitkitTexts {
    // MARK: spec/02 §24
    public static let profileNavTitle = "Profile"
    /// `profile__choice_title` with its accent tags removed (the CLI keeps the line break).
    public static let choiceTitle = "Enter the\nfreedom web"
    public static let choiceDescription = "Create a new pubky and profile in Bitkit."
    public static let choiceDescriptionRing = "Use an existing pubky from Pubky Ring."
    /// The text a row's lookup spinner carries (spec/09 §5.4; Android's accessibility text).
    public static let choiceRowLookup = "Loading your profile…"
    public static let choiceCreate = "Create profile with Bitkit"
    /// `profile__choice_create_caption` (`New pubky`), shown uppercased.
    public static let choiceCreateCaption = "New pubky".uppercased()
    public static let adoptErrorTitle = "Could Not Use Pubky"
    public static let sourceLostTitle = "Profile Disconnected"
    public static let sourceLostDescription =
        "The pubky you used from Pubky Ring is no longer available on this device."
    public static let sessionExpiredTitle = "Profile Disconnected"
    public static let sessionExpiredDescription =
        "Your profile session has expired. Please reconnect to restore your profile."
    public static let derivingKeys = "Deriving your keys…"
    public static let createNavTitle = "Create Profile"
    public static let restoreNavTitle = "Restore Profile"
    public static let createErrorTitle = "Profile Error"
    public static let signOut = "Disconnect"
    public static let signOutTitle = "Disconnect Profile"
    public static let signOutDescription =
        "This will disconnect your Pubky profile from Bitkit. You can reconnect at any time."
    public static let deleteTitle = "Delete Profile?"
    public static let deleteConfirm = "Yes, Delete"
    public static let deleteErrorTitle = "Unable to Delete Profile"
    public static let deleteErrorDescription =
        "We couldn't delete your profile data. Retry, or disconnect this pubky from Bitkit."
    public static let alreadySignedIn = "Already signed in"
    public static let noIdentityTitle = "Pubky Identity Required"
    public static let noIdentityDescription = "Create a Pubky identity in your profile to approve auth requests."
    public static let useRingTitle = "Use Pubky Ring"
    public static let useRingDescription =
        "Bitkit can't read the key for this pubky from Pubky Ring. Open Pubky Ring to approve this request."
    public static let invalidRequest = "Invalid auth request"
    public static let approvalFailed = "Authorization Failed"
    /// Android: a sign-in link while a saved identity is not restored (spec/07 §7; no description).
    public static let identityUnavailableTitle = "Couldn't Load Your Pubky Profile"
    /// Android's Authorize without a secret (spec/07 §6.4).
    public static let noSecretUseRing = "No secret key available — use Ring to manage authorizations"
    public static let authorizing = "Authorizing..."
    public static let homeserver = "Homeserver"
    public static let signupDescription =
        "Create a new Pubky identity on this homeserver. Only continue if you trust it."
    public static let wipedTitle = "Wallet Data Deleted"

    // MARK: The sign-in approval sheet (spec/02 §14.2)
    public static let approvalSheetTitle = "Authorize"
    public static let requestedPermissions = "REQUESTED PERMISSIONS"
    public static let permissionRead = "READ"
    public static let permissionWrite = "WRITE"
    public static let approvalTrustWarning =
        "Make sure you trust the service, browser, or device before authorizing with your pubky."
    public static let approvalSuccessTitle = "Authorization Successful"
    /// `<services>` = the permissions' service names joined with ` and `.
    public static func approvalDescription(services: String) -> String {
        "A service is requesting permission to access and edit your \(services) data."
    }
    /// `pubky` = the signing key as `<first 4>...<last 4>`.
    public static func approvalSuccessDescription(pubky: String, services: String) -> String {
        "You authorized with pubky \(pubky) and gave the service permission to access and edit your \(services) data."
    }
    public static let wipedMessage = "Bitkit has been reset and all wallet data has been deleted."

    // MARK: Error descriptions (spec/02 §24)
    public static let ringKeyUnavailable = "Pubky Ring key unavailable"
    public static let adoptionInProgress = "Pubky Ring sign-in already in progress"
    public static let mnemonicNotFound = "Mnemonic not found"
    public static let invalidPublicKey = "Invalid Pubky public key"
    public static let failedToGenerateAuthURL = "Failed to generate auth URL"
    public static let noActiveSession = "No active Pubky session"
    public static let profileNotFound = "Profile not found"

    /// `Authentication failed: <reason>` (assumed formatting, spec/02 §12).
    public static func authenticationFailed(_ reason: String) -> String { "Authentication failed: \(reason)" }

    // MARK: Simulator-defined (assumed) texts
    /// The scanner's generic "unrecognised code" error (its real text is outside spec/02).
    public static let scannerErrorTitle = "Unable To Interpret Provided Data"
    public static let scannerErrorDescription = "Bitkit could not recognise this code."
    public static let signupSheetTitle = "Create Pubky Identity"
    public static let authorize = "Authorize"
    public static let cancel = "Cancel"
    public static let close = "Close"
    public static let resetTitle = "Reset Wallet?"
    public static let resetDescription =
        "This deletes your wallet and Bitkit's data on this device. Make sure you have your recovery phrase."
    public static let resetConfirm = "Reset Wallet"
    public static let finishProfile = "Finish profile"
    public static let editProfile = "Edit Profile"
    public static let deleteProfile = "Delete Profile"
    public static let continueLabel = "Continue"
    public static let restoreFailedTitle = "Backup Restore Failed"
    public static let disconnectErrorTitle = "Profile Error"

    // The contact import, Contacts and contact links (spec/09 §2, §4).
    public static let importNavTitle = "Import"
    public static let importOverviewHeadline = "Found\nprofile & contacts"
    public static func importOverviewText(_ truncated: String) -> String {
        "Bitkit found profile and contacts data connected to pubky \(truncated)"
    }
    public static let importSelect = "Select"
    public static let importAll = "Import All"
    public static let importSelectHeadline = "Select\ncontacts"
    public static let importSelectText = "Please select which friends you want to import."
    public static let selectAll = "Select all"
    public static let selectNone = "Select none"
    /// The import's failure toast: a title without description (spec/09 §2.4.5).
    public static let importFailed = "Failed to import contacts"
    /// An invalid contact link (spec/09 §4.7).
    public static let unreadableQRTitle = "Unable To Read QR"
    public static let unreadableQRDescription = "Bitkit is not able to read this QR code."
}
