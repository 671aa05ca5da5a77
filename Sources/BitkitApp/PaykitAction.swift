/// A Paykit user action (spec/06 §0.3 "Paykit"): synchronise, the bell, a request row, Pay, Reject,
/// the confirmation's controls; plus the dev actions that set up a journey (funds, a contact).
public enum PaykitAction: Sendable, Equatable {
    /// Fetches requests from every saved contact, runs the gate, logs failures once and presents
    /// the first new accepted request on its own.
    case sync
    /// The bell on Home (`PaymentRequestsBell`): the requests sheet.
    case openBell
    /// Taps a request row: its details screen. The argument is the request id or the row id.
    case openRequest(String)
    /// `PaymentRequestPay-<id>`: resolution, then the confirmation.
    case pay(String)
    /// `PaymentRequestDismiss-<id>`: the request leaves the pending list, nothing is paid.
    case reject(String)
    /// Confirms the open confirmation: the §6 re-checks, then the payment shown.
    case confirm
    /// `SendConfirmToggleDetails`.
    case toggleDetails
    /// Closes the open confirmation without paying.
    case dismiss
    /// Dev action: adds to the wallet's on-chain balance and Lightning outbound capacity.
    case fund(onchainSats: UInt64, lightningSats: UInt64)
    /// Saves a contact linked on a receiver path (`Add Contact` → Save).
    case addContact(name: String, pubky: String, receiverPath: String)
    /// Opens the contacts list.
    case openContacts
}
