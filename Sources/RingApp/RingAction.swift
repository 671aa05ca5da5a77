import Foundation

/// One user-level step Ring performs. Pubky references (`ref`) are a bare or `pubky`-prefixed key, a
/// name, a display name (`pubky #2`) or `#N` (1-based position on Home).
public enum RingAction: Sendable, Equatable {
    // Lifecycle (DESIGN §4)
    case launch
    case foreground
    case background
    case kill
    case relaunch

    // Navigation
    case home
    case finishOnboarding
    case openSettings
    case back
    case open(ref: String)

    // Keys
    /// A new key; `signUp` then signs it up (the `Setup` step).
    case create(name: String?, signUp: RingSignUp?)
    case importSecret(hex: String, name: String?)
    case importMnemonic(phrase: String, name: String?)
    /// Chooses a recovery file: shows the decrypt prompt.
    case chooseRecoveryFile(URL)
    /// Decrypts the chosen (or given) recovery file and imports it.
    case decryptRecoveryFile(URL, passphrase: String)
    case signUp(ref: String, RingSignUp)

    // Detail actions
    case edit(ref: String)
    /// Save on the edit sheet; nil keeps the name.
    case saveEdit(name: String?)
    case delete(ref: String)
    case share(ref: String)
    case copy(ref: String)

    // Offers
    /// Taps an offer card (`#N` among offers, a pubky, or `PUBKY@SOURCEAPP`).
    case showOffer(ref: String)

    // Authorization
    /// The user pastes/scans a text (`.scanned`) or the OS delivers a link (`.deepLink`); `pubky` is
    /// the selected pubky (the card's Authorize button); `confirm` taps Authorize when the confirm sheet
    /// opens.
    case openLink(String, pubky: String?, confirm: Bool, source: RingInputSource = .scanned)
    case select(ref: String)

    // Backup
    case openBackup(ref: String)
    case chooseEncryptedFile
    /// Create backup on the encrypted-file screen; nil destination = the device's Files folder.
    case createBackup(passphrase: String, destination: URL?)
    case showRecoveryPhrase(ref: String)

    // Settings
    case openWipe

    // Sheets
    /// Taps the confirming button of the sheet shown (Use in Pubky Ring, Delete, Authorize, OK, Yes, Save).
    case confirm
    /// Taps Cancel / No, or dismisses the sheet.
    case cancel
}
