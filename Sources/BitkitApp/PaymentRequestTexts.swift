import AppSupport

/// Strings and accessibility ids of the payment-request screens. The ids are spec/05 §8's; the
/// wordings are the simulator's (assumed: the spec fixes the ids, not the texts).
public enum PaymentRequestTexts {
    // MARK: Ids (spec/05 §8)
    public static let bellID = "PaymentRequestsBell"
    public static let sheetID = "PaymentRequestsSheet"
    public static let amountID = "PaymentRequestDetailsAmount"
    public static let statusID = "PaymentRequestDetailsStatus"
    public static let fromID = "PaymentRequestFrom"
    public static let forID = "PaymentRequestFor"
    public static let noteID = "PaymentRequestInvoiceNote"
    public static let backID = "NavigationBack"
    public static let toggleDetailsID = "SendConfirmToggleDetails"
    public static let recipientID = "ReviewContactRecipient"
    public static let unavailableToastID = "PaymentRequestUnavailableToast"
    public static let waitingForDetailsToastID = "PaymentRequestWaitingForDetailsToast"
    public static let expiredToastID = "PaymentRequestExpiredToast"
    /// The amount-mismatch error's key (spec/05 §6), used as the toast's id.
    public static let mismatchID = "wallet__payment_request_mismatch"

    public static func payID(_ id: String) -> String { "PaymentRequestPay-\(id)" }
    public static func dismissID(_ id: String) -> String { "PaymentRequestDismiss-\(id)" }

    // MARK: Simulator ids and wordings (assumed)
    public static let reviewAmountID = "ReviewAmount"
    public static let reviewDestinationID = "ReviewDestination"
    public static let reviewFallbackID = "ReviewFallbackAddress"
    public static let confirmID = "SendConfirmSwipe"
    public static let closeID = "NavigationClose"

    public static let bellLabel = "Payment Requests"
    public static let sheetTitle = "Payment Requests"
    public static let noRequests = "No pending payment requests."
    public static let confirmTitle = "Review & Send"
    public static let detailTitle = "Payment Request"
    public static let oneTime = "One-time payment"
    public static let waitingForPayment = "Waiting for payment"
    public static let paid = "Paid"
    public static let rejected = "Rejected"
    public static let noLongerAvailable = "This payment request is no longer available."
    public static let pay = "Pay"
    public static let reject = "Reject"
    public static let back = "Back"
    public static let close = "Close"
    public static let showDetails = "Show Details"
    public static let hideDetails = "Hide Details"
    public static let swipeToPay = "Swipe To Pay"
    public static let contactSavedTitle = "Contact Saved"

    public static let unavailable = Toast(
        .error, "Payment Request Unavailable", "Bitkit could not open this payment request. Try again later.",
        id: unavailableToastID)
    public static let waitingForDetails = Toast(
        .info, "Waiting For Payment Details", "The payment details of this request are not available yet.",
        id: waitingForDetailsToastID)
    public static let expired = Toast(
        .error, "Payment Request Expired", "This payment request has expired.", id: expiredToastID)
    public static let mismatch = Toast(
        .error, "Amount Mismatch", "The amount to send does not match the payment request. Nothing was sent.",
        id: mismatchID)
    public static let insufficientFunds = Toast(
        .error, "Insufficient Funds", "The wallet cannot cover this payment. Nothing was sent.",
        id: "PaymentRequestInsufficientFundsToast")

    static func paymentFailed(_ reason: String) -> Toast {
        Toast(.error, "Payment Failed", reason, id: "PaymentRequestPaymentFailedToast")
    }

    static func paymentSent(_ sats: UInt64) -> Toast {
        Toast(.success, "Payment Sent", formatSats(sats), id: "PaymentRequestPaidToast")
    }

    /// `100 000 sats`: the amount in sats grouped by thousands (spec/06 §3 allows grouping).
    public static func formatSats(_ sats: UInt64) -> String {
        let digits = Array(String(sats))
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(" ") }
            grouped.append(digit)
        }
        return grouped + " sats"
    }
}
