/// The payment Bitkit opens once resolution succeeds: the chosen targets and the text it pays.
public struct PaymentSelection: Equatable, Sendable {
    /// `bitcoin:<address>?lightning=<invoice>` when a bolt11 invoice and an address are both payable,
    /// otherwise the single best value.
    public var paymentText: String
    /// The best payable endpoint.
    public var primary: ParsedEndpoint
    /// The on-chain fallback joined to a bolt11 primary in a unified URI, if any.
    public var onchainFallback: ParsedEndpoint?

    public init(paymentText: String, primary: ParsedEndpoint, onchainFallback: ParsedEndpoint?) {
        self.paymentText = paymentText
        self.primary = primary
        self.onchainFallback = onchainFallback
    }
}
