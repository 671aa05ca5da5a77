/// The `terms` of a payment request as Bitkit consumes them (spec/05 §1). Fields whose JSON type
/// matters to the gate keep their raw JSON value, so a wrong type reaches the gate and is refused
/// with that check's reason code instead of being silently dropped.
public struct PaymentRequestTerms: Equatable, Sendable {
    /// `amount.value`: must be a JSON string holding decimal BTC.
    public var amountValue: JSONValue?
    /// `amount.asset`; nil when absent or not a string.
    public var asset: String?
    /// Opaque issuer text, carried and shown, never validated.
    public var paymentReference: String?
    /// Expiry text; nil when absent or null. Any non-string value is an invalid expiration.
    public var proposalExpiresAt: JSONValue?
    /// Recurrence; nil when absent or null. Any other value makes the request recurring.
    public var recurrence: JSONValue?
    /// Identifiers in issuer order; non-string entries are kept as nil so they drop as unknown.
    public var acceptedPaymentEndpointIdentifiers: [String?]
    /// Issuer metadata; only a string `note` is ever used.
    public var metadata: JSONValue

    public init(
        amountValue: JSONValue?, asset: String?, paymentReference: String? = nil,
        proposalExpiresAt: JSONValue? = nil, recurrence: JSONValue? = nil,
        acceptedPaymentEndpointIdentifiers: [String?], metadata: JSONValue = .object(JSONObject())
    ) {
        self.amountValue = amountValue
        self.asset = asset
        self.paymentReference = paymentReference
        self.proposalExpiresAt = proposalExpiresAt
        self.recurrence = recurrence
        self.acceptedPaymentEndpointIdentifiers = acceptedPaymentEndpointIdentifiers
        self.metadata = metadata
    }

    /// Reads `terms` from its JSON object; absent or mistyped members map to the values above.
    public init(json object: JSONObject) {
        let amount = object["amount"]?.objectValue
        self.amountValue = amount?["value"]
        self.asset = amount?["asset"]?.stringValue
        self.paymentReference = object["paymentReference"]?.stringValue
        self.proposalExpiresAt = Self.nonNull(object["proposalExpiresAt"])
        self.recurrence = Self.nonNull(object["recurrence"])
        self.acceptedPaymentEndpointIdentifiers =
            object["acceptedPaymentEndpointIdentifiers"]?.arrayValue?.map(\.stringValue) ?? []
        self.metadata = Self.nonNull(object["metadata"]) ?? .object(JSONObject())
    }

    private static func nonNull(_ value: JSONValue?) -> JSONValue? {
        value == .null ? nil : value
    }
}
