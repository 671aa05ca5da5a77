/// A Paykit user action (spec/06 §0.3 "Paykit"): a payment request's (synchronise, the bell, a row,
/// Pay, Reject, the confirmation's controls) or a contact's, plus the dev funds that set up a
/// journey. The Paykit UI toggle gates them all but the funds.
public enum PaykitAction: Sendable, Equatable {
    case requests(PaymentRequests.Action)
    case contacts(Contacts.Action)
    /// Dev action: adds to the wallet's on-chain balance and Lightning outbound capacity.
    case fund(onchainSats: UInt64, lightningSats: UInt64)
}

/// The Paykit steps by the names the tools use.
extension PaykitAction {
    public static let sync = PaykitAction.requests(.sync)
    public static let openBell = PaykitAction.requests(.openBell)
    public static func openRequest(_ reference: String) -> PaykitAction { .requests(.openRequest(reference)) }
    public static func pay(_ reference: String) -> PaykitAction { .requests(.pay(reference)) }
    public static func reject(_ reference: String) -> PaykitAction { .requests(.reject(reference)) }
    public static let confirm = PaykitAction.requests(.confirm)
    public static let toggleDetails = PaykitAction.requests(.toggleDetails)
    public static let dismiss = PaykitAction.requests(.dismiss)
    public static let openContacts = PaykitAction.contacts(.open)

    public static func addContact(name: String, pubky: String, receiverPath: String) -> PaykitAction {
        .contacts(.add(name: name, pubky: pubky, receiverPath: receiverPath))
    }
}
