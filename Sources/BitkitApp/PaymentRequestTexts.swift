import AppSupport

/// Strings and accessibility ids of the payment-request screens. The ids are spec/05 §8's; the
/// wordings are the simulator's (assumed: the spec fixes the ids, not the texts).
public enum PaymentRequestTexts {
    /// The sheet's id, which is also the simulator's name for the sheet.
    public static let sheetID = BitkitElements.paymentRequestsSheet.id

    // MARK: Wordings (assumed)
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
        name: BitkitElements.paymentRequestUnavailableToast)
    public static let waitingForDetails = Toast(
        .info, "Waiting For Payment Details", "The payment details of this request are not available yet.",
        name: BitkitElements.paymentRequestWaitingForDetailsToast)
    public static let expired = Toast(
        .error, "Payment Request Expired", "This payment request has expired.",
        name: BitkitElements.paymentRequestExpiredToast)
    public static let mismatch = Toast(
        .error, "Amount Mismatch", "The amount to send does not match the payment request. Nothing was sent.",
        name: BitkitElements.paymentRequestMismatchToast)
    public static let insufficientFunds = Toast(
        .error, "Insufficient Funds", "The wallet cannot cover this payment. Nothing was sent.",
        name: BitkitElements.paymentRequestInsufficientFundsToast)

    static func paymentFailed(_ reason: String) -> Toast {
        Toast(.error, "Payment Failed", reason, name: BitkitElements.paymentRequestPaymentFailedToast)
    }

    static func paymentSent(_ sats: UInt64) -> Toast {
        Toast(.success, "Payment Sent", formatSats(sats), name: BitkitElements.paymentRequestPaidToast)
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
