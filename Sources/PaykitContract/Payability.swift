/// The payability stage (spec/05 §5): decode an endpoint's value with the wallet's decoders and
/// decide whether it can be paid now.
public enum Payability {
    /// Decides whether `endpoint` is payable in `context`.
    public static func evaluate(
        _ endpoint: ParsedEndpoint, context: PayabilityContext
    )
        -> Result<PaymentTarget, NotPayableReason>
    {
        switch endpoint.identifier {
        case .bolt11:
            guard let invoice = try? Bolt11Invoice(endpoint.value) else { return .failure(.undecodable) }
            guard !invoice.isExpired(at: context.now) else { return .failure(.expired) }
            guard context.network.accepts(detected: invoice.network) else {
                return .failure(.networkMismatch)
            }
            if context.isRequest {
                guard invoice.hasRouteHints else { return .failure(.missingRouteHints) }
                guard !context.attemptedPaymentHashes.contains(invoice.paymentHash) else {
                    return .failure(.alreadyAttempted)
                }
            }
            return .success(.bolt11(invoice))
        case .lnurl:
            guard let lnurl = try? LNURL(endpoint.value) else { return .failure(.undecodable) }
            guard lnurl.kind == .pay else { return .failure(.notPayRequest(lnurl.kind)) }
            return .success(.lnurlPay(lnurl))
        case .onchain(let network, _):
            // Re-checked here for endpoints built elsewhere than the shape stage.
            guard network == context.network else { return .failure(.networkMismatch) }
            guard let address = try? BitcoinAddress(endpoint.value) else { return .failure(.undecodable) }
            guard context.network.accepts(detected: address.network) else {
                return .failure(.networkMismatch)
            }
            if context.isRequest, context.usedAddresses.contains(address.canonicalText) {
                return .failure(.addressUsed)
            }
            return .success(.onchain(address))
        }
    }
}
