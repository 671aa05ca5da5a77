/// An endpoint that passed the shape stage (spec/05 §3 rule 7).
public struct ParsedEndpoint: Equatable, Sendable {
    public var identifier: PaymentEndpointIdentifier
    /// The trimmed, non-empty `value`: an invoice, LNURL or address.
    public var value: String
    /// Raw `min`/`max` strings, verbatim; stored but never used for a payment decision.
    public var min: String?
    public var max: String?
    /// The payload text exactly as received.
    public var payload: String

    public init(
        identifier: PaymentEndpointIdentifier, value: String, min: String?, max: String?,
        payload: String
    ) {
        self.identifier = identifier
        self.value = value
        self.min = min
        self.max = max
        self.payload = payload
    }
}
