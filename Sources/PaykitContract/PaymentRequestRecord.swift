/// A payment request as the Paykit SDK hands it to Bitkit, already decoded (spec/05 §1).
/// Parsing is total: a missing or mistyped member becomes nil and the gate turns it into the reason
/// code of the check that needs it.
public struct PaymentRequestRecord: Equatable, Sendable {
    /// `payer`, `payee` or `unknown`; nil when absent, null or not a string.
    public var localRole: String?
    /// Lifecycle state, e.g. `proposed`; nil when absent or not a string.
    public var state: String?
    /// The terms; nil when absent or not an object.
    public var terms: PaymentRequestTerms?
    public var paymentRequestId: String?
    /// The issuer's pubky, in any text form.
    public var counterparty: String?
    public var counterpartyReceiverPath: String?
    /// Id of the proposal event that carried the request; carried, never validated.
    public var proposalEventId: String?
    /// Optional "created at" text; unparseable means "not shown".
    public var lastEventAt: String?

    public init(
        localRole: String?, state: String?, terms: PaymentRequestTerms?, paymentRequestId: String?,
        counterparty: String?, counterpartyReceiverPath: String?, proposalEventId: String? = nil,
        lastEventAt: String? = nil
    ) {
        self.localRole = localRole
        self.state = state
        self.terms = terms
        self.paymentRequestId = paymentRequestId
        self.counterparty = counterparty
        self.counterpartyReceiverPath = counterpartyReceiverPath
        self.proposalEventId = proposalEventId
        self.lastEventAt = lastEventAt
    }

    /// Reads a record from a JSON object.
    public init(json object: JSONObject) {
        self.localRole = object["localRole"]?.stringValue
        self.state = object["state"]?.stringValue
        self.terms = object["terms"]?.objectValue.map(PaymentRequestTerms.init(json:))
        self.paymentRequestId = object["paymentRequestId"]?.stringValue
        self.counterparty = object["counterparty"]?.stringValue
        self.counterpartyReceiverPath = object["counterpartyReceiverPath"]?.stringValue
        self.proposalEventId = object["proposalEventId"]?.stringValue
        self.lastEventAt = object["lastEventAt"]?.stringValue
    }

    /// Parses a record from JSON text; only text that is not a JSON object fails.
    public static func parse(
        _ bytes: [UInt8]
    ) throws(PaymentRequestRecordError)
        -> PaymentRequestRecord
    {
        let value: JSONValue
        do {
            value = try StrictJSONParser().parse(bytes: bytes)
        } catch {
            throw .malformedJSON(error)
        }
        guard let object = value.objectValue else { throw .notAnObject }
        return PaymentRequestRecord(json: object)
    }

    /// The request's identity; missing parts read as empty strings.
    public var identity: RequestIdentity {
        RequestIdentity(
            paymentRequestId: paymentRequestId ?? "", counterparty: counterparty ?? "",
            counterpartyReceiverPath: counterpartyReceiverPath ?? "")
    }

    /// `lastEventAt` as an instant, or nil when absent or unparseable (then it is not shown).
    public var createdAt: ExpiryTimestamp? { lastEventAt.flatMap(ExpiryTimestamp.init(parsing:)) }
}
