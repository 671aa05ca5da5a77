/// One user action on Bitkit: a tap, a paste, a lifecycle event (spec/06 §0.3). `Bitkit.perform`
/// routes each to the feature it belongs to (`PubkyChoice`, `AuthLinks`, `Profile`, …); a new
/// feature's actions come as one case carrying them, e.g. `case contactImport(ContactImport.Action)`.
public enum BitkitAction: Sendable, Equatable {
    /// Which Pubky Choice row a pick taps.
    public typealias RowTarget = PubkyChoice.RowTarget

    case launch, relaunch, kill, foreground, background
    case home, back
    case open(BitkitRoute)
    /// The screen's continue action (Profile intro → Pubky Choice, Pay Contacts → Profile).
    case continueFlow
    case createWallet
    case restoreWallet(mnemonic: String, passphrase: String?)
    case openSettings
    case setPaykitUI(Bool)
    case setProfileIntroSeen(Bool)
    /// Settings → Reset: shows the confirmation, or wipes with `confirm`.
    case reset(confirm: Bool)
    case pick(RowTarget)
    case createProfile(name: String?, bio: String?)
    case save
    case scan(String)
    case approve
    case deny
    case editProfile
    case deleteProfile(confirm: Bool)
    case disconnect(confirm: Bool)
    /// Restores the Pubky part of a backup document (JSON text).
    case restoreBackup(String)
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
