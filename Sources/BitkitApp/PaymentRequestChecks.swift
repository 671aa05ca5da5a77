import PaykitContract

/// The amount re-check Bitkit runs immediately before sending (spec/05 §6).
public enum PaymentRequestChecks {
    /// The millisatoshis to send for `shown`, or nil on an amount mismatch: the amount shown must
    /// equal the request's sats exactly, and a BOLT 11 destination, decoded again, must be amount-less
    /// or carry exactly sats × 1000 msat (an overflow is a mismatch).
    public static func amountToSend(_ shown: PaymentConfirmation, requestSats: UInt64) -> UInt64? {
        guard shown.sats == requestSats else { return nil }
        let (millisats, overflow) = requestSats.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return nil }
        guard shown.method == .lightning else { return millisats }
        guard let invoice = try? Bolt11Invoice(shown.destination) else { return nil }
        if let amount = invoice.amountMillisats, amount != millisats { return nil }
        return millisats
    }
}
