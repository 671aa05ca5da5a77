/// A gate failure already written to the log: with these the parse log is rebuilt at every
/// synchronisation, so each (request, reason, counterparty) is logged once across all of them.
public struct LoggedParseFailure: Codable, Sendable, Equatable {
    public var key: PaymentRequestKey
    /// The reason code, e.g. `no_supported_endpoint`.
    public var reason: String

    public init(key: PaymentRequestKey, reason: String) {
        self.key = key
        self.reason = reason
    }
}
