import AppSupport

/// Ring's user-visible texts (spec/03 §15), verbatim. Choices the spec leaves open are marked
/// "assumed" and pinned by tests.
public enum RingTexts {
    public static let appName = "Pubky Ring"

    // Home and offers
    public static let emptyHome = "Get started,\nadd a pubky."
    public static let addPubky = "Add pubky"
    public static let bitkitPill = "Bitkit pubky"
    public static let backupPill = "Backup!"
    public static let useInRing = "Use in Pubky Ring"
    public static let authorize = "Authorize"
    public static let setup = "Setup"
    /// `pubky #<N+1> (Bitkit)` where N is the number of entries Ring lists.
    public static func bitkitName(count: Int) -> String { "pubky #\(count + 1) (Bitkit)" }

    // Use sheet
    public static let useSheetTitle = "Use Bitkit pubky"
    public static let useSheetHeadline = "Your pubky."
    public static let useSheetBody =
        "Use this pubky in Pubky Ring to authorize services, while it stays managed by Bitkit."

    // Delete
    public static let deleteOwnedTitle = "Delete Pubky"
    public static let deleteOwnedMessage = "Do you want to delete this pubky?"
    public static let deleteAdoptedTitle = "Remove pubky"
    public static let deleteAdoptedMessage =
        "Do you want to remove this pubky from Pubky Ring? It will remain in Bitkit."

    // Wipe
    public static let wipeRow = "Wipe Pubky Ring"
    public static let wipeTitle = "Are you sure?"
    public static let wipeMessage = "This action will erase all Pubky Ring data and cannot be undone."

    // Authorization
    public static let selectTitle = "Select Pubky"
    public static let selectMessage =
        "Select which pubky you want to use to authorize this service, browser, or device."
    public static let requestedPermissions = "Requested Permissions"
    public static let grantedPermissions = "Granted Permissions"
    public static let trustWarning =
        "Make sure you trust this relay, service, browser, or device before authorizing with your pubky."
    public static let authSuccessTitle = "Authorization Successful"
    public static let offlineMessage = "You need to be online to authorize with Pubky Ring"
    public static let timeoutMessage = "The authentication process took too long. Please try again."
    public static let secretUnreadable = "Failed to get secret key"
    public static let signInFailed = "Sign in failed"
    public static let processAuthFailed = "Failed to process auth"
    public static let unrecognized =
        "Unrecognized format. Expected a recovery phrase, invite code, auth URL, or session request."
    public static let invalidCallback = "Invalid callback URL provided"
    public static let configuringPubky = "Configuring Pubky"
    public static let configurationFailed = "Configuration Failed"

    // Homeserver
    public static let homeserverRefused = "Homeserver actions are not available for a Bitkit pubky."
    public static let signUpFailed =
        "Unable to sign up with the homeserver. Please update the homeserver and/or invite code and try again."
    public static func signInToHomeserverFailed(_ error: String) -> String {
        "Unable to sign in to homeserver: \(error)"
    }

    // Backup
    public static let backupTitle = "Backup Pubky"
    public static let backupHeader = "Safely backup\nyour pubky."
    public static let encryptedFile = "Encrypted file"
    public static let recoveryPhrase = "Recovery phrase"
    public static let backupFileMessage =
        "Enter a password or passphrase to encrypt and secure your backup. Keep it safe, you'll need it to restore your pubky."
    public static let passphrasePlaceholder = "Enter passphrase"
    public static let createBackup = "Create backup"
    public static let passphraseTooShort = "Password must be at least 6 characters long"
    public static let decryptPrompt = "Enter your password or passphrase to decrypt your pubky backup."
    public static let mnemonicSecretMismatch = "The provided mnemonic phrase does not generate the expected secret key."
    public static let mnemonicPubkyMismatch = "The provided mnemonic phrase does not generate the expected pubky."

    // Onboarding (assumed: the spec does not quote the onboarding screen)
    public static let onboardingTitle = "Pubky Ring"
    public static let onboardingText = "Keychain for the next web."
    public static let onboardingButton = "Get started"

    // Toasts
    public static let adoptFailed = Toast(.error, "Error", "This pubky could not be used in Pubky Ring.")
    public static let pruned = Toast(
        .info, "Bitkit pubky removed", "A pubky you were using from Bitkit is no longer available.")
    /// Title assumed.
    public static let homeserverRefusedToast = Toast(.error, "Error", homeserverRefused)
    public static let deleteFailed = Toast(
        .error, "Failed to delete Pubky", "An error occurred while deleting the Pubky.")
    public static func deleteStoreFailed(_ error: String) -> Toast { Toast(.error, "Failed to delete Pubky", error) }
    public static let wipeFailed = Toast(.error, "Error", "Failed to reset keychain value")
    /// Type assumed.
    public static func saveFailed(_ error: String) -> Toast { Toast(.error, "Failed to save pubky to keychain", error) }
    public static let secretUnreadableToast = Toast(.error, "Error", secretUnreadable)
    /// Type and title assumed (as the signup-link offline toast).
    public static let offlineToast = Toast(.error, "Currently Offline", offlineMessage)
    /// Type assumed.
    public static let noPubkys = Toast(.error, "No Pubkys exist", "Please add and setup a Pubky to proceed.")
    /// Type assumed.
    public static let noSetupPubkys = Toast(
        .error, "No Pubkys are setup", "Please setup any of your existing Pubkys to proceed.")
    /// Type assumed.
    public static let copied = Toast(.info, "Pubky copied to clipboard")
    /// Type assumed.
    public static let signupSuccessful = Toast(.success, "Signup Successful", "Your new Pubky has been created")
    // Session requests (spec/03 §11)
    public static let noPubkySelected = Toast(.error, "No Pubky Selected", "Please select a pubky to proceed")
    public static let invalidCallbackToast = Toast(.error, "Error", invalidCallback)
    public static func sessionSignInFailed(_ message: String) -> Toast { Toast(.error, "Sign In Failed", message) }
    public static let sessionReturned = Toast(.success, "Session Returned", "Session data sent to requesting app")

    public static func backupCreated(_ file: String) -> Toast { Toast(.success, "Backup Created", file) }
    /// Title assumed.
    public static func error(_ message: String) -> Toast { Toast(.error, "Error", message) }
    public static func decryptFailed(_ reason: String) -> Toast {
        Toast(.error, "Error", "Failed to decrypt file: \(reason). Please check your passphrase and try again.")
    }
    public static let backupSecretUnavailable = "Could not retrieve secret key for backup"
}
