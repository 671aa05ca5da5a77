import Foundation

/// One user-level step Ring performs. Pubky references (`ref`) are a bare or `pubky`-prefixed key, a
/// name, a display name (`pubky #2`) or `#N` (1-based position on Home). The lifecycle, the
/// navigation and the sheets' buttons are Ring's own; every other step is one of a feature's,
/// carried as it is, and keeps its name below (`.create(…)`, `.openLink(…)`, …).
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
    case share(ref: String)
    case copy(ref: String)

    // Settings
    case openWipe

    // Sheets
    /// Taps the confirming button of the sheet shown (Use in Pubky Ring, Delete, Authorize, OK, Yes, Save).
    case confirm
    /// Taps Cancel / No, or dismisses the sheet.
    case cancel

    case pubkys(Pubkys.Action)
    case keyBackup(KeyBackup.Action)
    case offers(Offers.Action)
    case authorization(Authorization.Action)
}

/// The features' steps, by the names the tools use.
extension RingAction {
    /// A new key; `signUp` then signs it up (the `Setup` step).
    public static func create(name: String?, signUp: RingSignUp?) -> RingAction {
        .pubkys(.create(name: name, signUp: signUp))
    }

    public static func importSecret(hex: String, name: String?) -> RingAction {
        .pubkys(.importSecret(hex: hex, name: name))
    }

    public static func importMnemonic(phrase: String, name: String?) -> RingAction {
        .pubkys(.importMnemonic(phrase: phrase, name: name))
    }

    /// Chooses a recovery file: shows the decrypt prompt.
    public static func chooseRecoveryFile(_ url: URL) -> RingAction { .pubkys(.chooseRecoveryFile(url)) }

    /// Decrypts the chosen (or given) recovery file and imports it.
    public static func decryptRecoveryFile(_ url: URL, passphrase: String) -> RingAction {
        .pubkys(.decryptRecoveryFile(url, passphrase: passphrase))
    }

    public static func signUp(ref: String, _ request: RingSignUp) -> RingAction { .pubkys(.signUp(ref: ref, request)) }
    public static func edit(ref: String) -> RingAction { .pubkys(.edit(ref: ref)) }

    /// Save on the edit sheet; nil keeps the name.
    public static func saveEdit(name: String?) -> RingAction { .pubkys(.saveEdit(name: name)) }
    public static func delete(ref: String) -> RingAction { .pubkys(.delete(ref: ref)) }

    /// Taps an offer card (`#N` among offers, a pubky, or `PUBKY@SOURCEAPP`).
    public static func showOffer(ref: String) -> RingAction { .offers(.show(ref)) }

    /// The user pastes/scans a text (`.scanned`) or the OS delivers a link (`.deepLink`); `pubky` is
    /// the selected pubky (the card's Authorize button); `confirm` taps Authorize when the confirm
    /// sheet opens.
    public static func openLink(
        _ text: String, pubky: String?, confirm: Bool, source: RingInputSource = .scanned
    ) -> RingAction {
        .authorization(.openLink(text, pubky: pubky, confirm: confirm, source: source))
    }

    public static func select(ref: String) -> RingAction { .authorization(.select(ref: ref)) }

    public static func openBackup(ref: String) -> RingAction { .keyBackup(.open(ref: ref)) }
    public static let chooseEncryptedFile = RingAction.keyBackup(.chooseEncryptedFile)

    /// Create backup on the encrypted-file screen; nil destination = the device's Files folder.
    public static func createBackup(passphrase: String, destination: URL?) -> RingAction {
        .keyBackup(.create(passphrase: passphrase, destination: destination))
    }

    public static func showRecoveryPhrase(ref: String) -> RingAction { .keyBackup(.showRecoveryPhrase(ref: ref)) }
}
