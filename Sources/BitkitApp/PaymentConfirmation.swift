/// The open payment-request confirmation (`PaymentRequestConfirm`, spec/05 §6): exactly what is
/// shown, and therefore exactly what a confirm executes. Kept in the app's memory.
public struct PaymentConfirmation: Codable, Sendable, Equatable {
    public enum Method: String, Codable, Sendable {
        case onchain, lightning, lnurl
    }

    public var key: PaymentRequestKey
    /// The contact the request came from (bare key): the recipient line shows its saved name.
    public var issuer: String
    /// The request's sats, unchanged since the gate.
    public var sats: UInt64
    public var method: Method
    /// The address, invoice or LNURL shown and paid.
    public var destination: String
    /// With a bolt11 destination, the on-chain address joined to it in the unified URI.
    public var fallbackAddress: String?
    /// `bitcoin:<address>?lightning=<invoice>` or the destination itself.
    public var paymentText: String
    /// `SendConfirmToggleDetails` state.
    public var detailsShown: Bool

    /// The same flow: everything but the details toggle is unchanged.
    public func isSameFlow(as other: PaymentConfirmation) -> Bool {
        var other = other
        other.detailsShown = detailsShown
        return self == other
    }

    public init(
        key: PaymentRequestKey, issuer: String, sats: UInt64, method: Method, destination: String,
        fallbackAddress: String?, paymentText: String
    ) {
        self.key = key
        self.issuer = issuer
        self.sats = sats
        self.method = method
        self.destination = destination
        self.fallbackAddress = fallbackAddress
        self.paymentText = paymentText
        self.detailsShown = false
    }
}

/// The Paykit screens' part of the app's memory: the open details and confirmation, the contact
/// just saved.
public struct PaykitMemory: Codable, Sendable, Equatable {
    /// The request whose details screen is open.
    public var detail: PaymentRequestKey?
    /// The open confirmation.
    public var confirmation: PaymentConfirmation?
    /// The contact `Contact Saved` shows (bare key).
    public var savedContact: String?

    public init(detail: PaymentRequestKey? = nil, confirmation: PaymentConfirmation? = nil) {
        self.detail = detail
        self.confirmation = confirmation
    }
}
