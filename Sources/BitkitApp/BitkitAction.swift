/// One user action on Bitkit: a tap, a paste, a lifecycle event (spec/06 §0.3). The lifecycle, the
/// navigation, the settings and the sheets' buttons are Bitkit's own; every other action is one of a
/// feature's, carried as it is (`.pubkyChoice(.pick(…))`) — a new feature adds one case, e.g.
/// `case contactImport(ContactImport.Action)`. The user steps keep their names below (`.pick(…)`,
/// `.scan(…)`, …), so tools and tests say what the user did.
public enum BitkitAction: Sendable, Equatable {
    /// Which Pubky Choice row a pick taps.
    public typealias RowTarget = PubkyChoice.RowTarget

    case launch, relaunch, kill, foreground, background
    case home, back
    case open(BitkitRoute)
    /// The screen's continue action (Profile intro → Pubky Choice, Pay Contacts → Profile).
    case continueFlow
    case openSettings
    /// The Home header's menu: the drawer.
    case openDrawer
    case setPaykitUI(Bool)
    case setProfileIntroSeen(Bool)
    /// `Authorize` on the sheet shown, or a dialog's confirm button: the sheet's feature acts.
    case approve
    /// Closes the sheet or dialog.
    case deny

    case wallet(Wallet.Action)
    case backup(Backup.Action)
    case pubkyChoice(PubkyChoice.Action)
    case authLinks(AuthLinks.Action)
    case profile(Profile.Action)
    case contactImport(ContactImport.Action)
    /// A payment-request or contact action (spec/05 §8).
    case paykit(PaykitAction)

    /// Lifecycle actions are not taps: they never bring a backgrounded app forward first.
    var isLifecycle: Bool {
        switch self {
        case .launch, .relaunch, .kill, .foreground, .background: return true
        default: return false
        }
    }
}

/// The features' user steps, by the names spec/06 §0.3 gives them.
extension BitkitAction {
    public static let createWallet = BitkitAction.wallet(.create)

    public static func restoreWallet(mnemonic: String, passphrase: String?) -> BitkitAction {
        .wallet(.restore(mnemonic: mnemonic, passphrase: passphrase))
    }

    /// Settings → Reset: shows the confirmation, or wipes with `confirm`.
    public static func reset(confirm: Bool) -> BitkitAction { .wallet(.reset(confirm: confirm)) }

    /// Restores the Pubky part of a backup document (JSON text).
    public static func restoreBackup(_ text: String) -> BitkitAction { .backup(.restore(text)) }

    public static func pick(_ target: RowTarget) -> BitkitAction { .pubkyChoice(.pick(target)) }

    public static func scan(_ text: String) -> BitkitAction { .authLinks(.scan(text)) }

    public static func createProfile(name: String?, bio: String?) -> BitkitAction {
        .profile(.fill(name: name, bio: bio))
    }

    public static let save = BitkitAction.profile(.save)
    public static let editProfile = BitkitAction.profile(.edit)

    public static func deleteProfile(confirm: Bool) -> BitkitAction { .profile(.delete(confirm: confirm)) }
    public static func disconnect(confirm: Bool) -> BitkitAction { .profile(.disconnect(confirm: confirm)) }
}
