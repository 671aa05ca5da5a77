import AppSupport
import Foundation
import PubkyProtocol

/// The Paykit screens: the requests sheet, a request's details, the confirmation, the contacts.
/// Labelled values are rows whose id is the QA id and whose caption is the label. The only issuer
/// text shown is the trimmed note; names come from the saved contacts.
extension BitkitScreenRenderer {
    static let bellButton = Screen.Button(BitkitElements.bell, label: PaymentRequestTexts.bellLabel)

    func fillPaykit(_ screen: inout Screen, route: BitkitRoute) {
        switch route {
        case .paymentRequestConfirm: fillConfirmation(&screen)
        case .paymentRequestDetail: fillDetail(&screen)
        case .contacts:
            screen.rows = contactRows()
        case .contactSaved:
            if let key = memory.paykit?.savedContact, let contact = contacts().contact(key) {
                screen.texts = [contact.name, PubkyKey.prefix + contact.pubky, contact.receiverPath]
            }
        default:
            break
        }
    }

    /// `PaymentRequestsSheet`: one row per pending request, with its Pay and Reject buttons.
    func paymentRequestsSheet() -> Screen.Sheet {
        let now = state.paykitShown?.now ?? .distantPast
        let pending = inbox().pending.filter { !$0.isExpired(at: now) }
        // One lookup table, so a long list stays linear.
        let names = Dictionary(contacts().contacts.map { ($0.pubky, $0.name) }, uniquingKeysWith: { first, _ in first })
        return Screen.Sheet(
            id: PaymentRequestTexts.sheetID, title: PaymentRequestTexts.sheetTitle,
            texts: pending.isEmpty ? [PaymentRequestTexts.noRequests] : [],
            rows: pending.map { request in
                Screen.Row(
                    BitkitElements.paymentRequestRow(
                        id: request.key.id, counterparty: request.issuer, receiverPath: request.key.receiverPath),
                    title: names[request.issuer] ?? PubkyKey.bitkitTruncated(request.issuer).uppercased(),
                    caption: PaymentRequestTexts.formatSats(request.sats), pills: [PaymentRequestTexts.oneTime])
            },
            buttons: pending.flatMap { request in
                [
                    Screen.Button(BitkitElements.paymentRequestPay(request.key.id), label: PaymentRequestTexts.pay),
                    Screen.Button(
                        BitkitElements.paymentRequestDismiss(request.key.id), label: PaymentRequestTexts.reject),
                ]
            },
            elements: [Screen.Element(BitkitElements.paymentRequestsSheet)])
    }

    private func fillDetail(_ screen: inout Screen) {
        screen.elements = [Screen.Element(BitkitElements.paymentRequestDetailScreen)]
        screen.buttons = [Screen.Button(BitkitElements.navigationBack, label: PaymentRequestTexts.back)]
        guard let key = memory.paykit?.detail else {
            screen.texts = [PaymentRequestTexts.noLongerAvailable]
            return
        }
        let stored = inbox()
        if let request = stored.pendingRequest(key) {
            var rows = [
                Screen.Row(
                    BitkitElements.paymentRequestDetailsAmount, title: PaymentRequestTexts.formatSats(request.sats),
                    caption: "Amount"),
                Screen.Row(
                    BitkitElements.paymentRequestDetailsStatus, title: PaymentRequestTexts.waitingForPayment,
                    caption: "Status"),
                Screen.Row(
                    BitkitElements.paymentRequestFrom, title: Self.name(of: request.issuer, in: contacts()),
                    caption: "From"),
                Screen.Row(BitkitElements.paymentRequestFor, title: PaymentRequestTexts.oneTime, caption: "For"),
            ]
            if let note = request.note {
                rows.append(Screen.Row(BitkitElements.paymentRequestInvoiceNote, title: note, caption: "Note"))
            }
            screen.rows = rows
        } else if let handled = stored.handled.last(where: { $0.key == key }) {
            screen.rows = [
                Screen.Row(
                    BitkitElements.paymentRequestDetailsAmount, title: PaymentRequestTexts.formatSats(handled.sats),
                    caption: "Amount"),
                Screen.Row(
                    BitkitElements.paymentRequestDetailsStatus,
                    title: handled.outcome == .paid ? PaymentRequestTexts.paid : PaymentRequestTexts.rejected,
                    caption: "Status"),
            ]
        } else {
            screen.texts = [PaymentRequestTexts.noLongerAvailable]
        }
    }

    private func fillConfirmation(_ screen: inout Screen) {
        screen.elements = [Screen.Element(BitkitElements.paymentRequestConfirm)]
        guard let shown = memory.paykit?.confirmation else {
            screen.texts = [PaymentRequestTexts.noLongerAvailable]
            return
        }
        var rows = [
            Screen.Row(
                BitkitElements.reviewAmount, title: PaymentRequestTexts.formatSats(shown.sats),
                caption: "Amount")
        ]
        if shown.detailsShown {
            rows.append(
                Screen.Row(
                    BitkitElements.reviewContactRecipient, title: Self.name(of: shown.issuer, in: contacts()),
                    caption: "To"))
            rows.append(
                Screen.Row(
                    BitkitElements.reviewUri, title: shown.destination,
                    caption: Self.destinationLabel(shown.method)))
            if let fallback = shown.fallbackAddress {
                rows.append(
                    Screen.Row(BitkitElements.reviewFallbackAddress, title: fallback, caption: "On-chain fallback"))
            }
        }
        screen.rows = rows
        screen.buttons = [
            Screen.Button(
                BitkitElements.sendConfirmToggleDetails,
                label: shown.detailsShown ? PaymentRequestTexts.hideDetails : PaymentRequestTexts.showDetails),
            Screen.Button(BitkitElements.grab, label: PaymentRequestTexts.swipeToPay),
            Screen.Button(BitkitElements.navigationClose, label: PaymentRequestTexts.close),
        ]
    }

    private static func destinationLabel(_ method: PaymentConfirmation.Method) -> String {
        switch method {
        case .onchain: return "Bitcoin address"
        case .lightning: return "Lightning invoice"
        case .lnurl: return "LNURL"
        }
    }

    /// The saved contact's name, else the key in Bitkit's truncated form: never issuer text.
    static func name(of issuer: String, in book: PaykitContactBook) -> String {
        book.contact(issuer)?.name ?? PubkyKey.bitkitTruncated(issuer).uppercased()
    }

    private func inbox() -> PaymentRequestInbox { state.paykitShown?.inbox ?? PaymentRequestInbox() }

    private func contacts() -> PaykitContactBook { state.paykitShown?.contacts ?? PaykitContactBook() }
}
