/// A request that passed the gate: everything later stages may use, computed exactly once.
public struct AcceptedRequest: Equatable, Sendable {
    public var identity: RequestIdentity
    /// The amount in satoshis, from §2.2; shown and executed unchanged.
    public var sats: UInt64
    /// Supported identifiers in issuer order, first occurrences only; never empty.
    public var retainedIdentifiers: [PaymentEndpointIdentifier]
    /// The trimmed `metadata.note`, nil when missing, not a string or blank.
    public var note: String?
    /// The expiry instant, nil when the request does not expire.
    public var expiry: ExpiryTimestamp?
    /// Opaque issuer reference, shown as-is.
    public var paymentReference: String?

    public init(
        identity: RequestIdentity, sats: UInt64, retainedIdentifiers: [PaymentEndpointIdentifier],
        note: String?, expiry: ExpiryTimestamp?, paymentReference: String?
    ) {
        self.identity = identity
        self.sats = sats
        self.retainedIdentifiers = retainedIdentifiers
        self.note = note
        self.expiry = expiry
        self.paymentReference = paymentReference
    }
}
