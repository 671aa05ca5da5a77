/// Request-to-endpoint resolution (spec/05 §4): shape stage, restriction to the request's retained
/// identifiers, payability, then Bitkit's preference order.
public enum EndpointResolution {
    /// Resolves `endpoints` for a payment. `retained` is the request's retained identifiers, or nil
    /// when paying a contact directly (every supported identifier is then allowed).
    public static func resolve(
        endpoints: [EndpointPayload], retained: [PaymentEndpointIdentifier]?, context: PayabilityContext
    ) -> ResolutionOutcome {
        let allowed = retained.map(Set.init)
        let parsed = endpoints.compactMap { endpoint -> ParsedEndpoint? in
            guard
                case .success(let parsed) = EndpointParser.parse(
                    identifier: endpoint.identifier, payload: endpoint.payload, network: context.network),
                allowed?.contains(parsed.identifier) ?? true
            else { return nil }
            return parsed
        }
        guard !parsed.isEmpty else { return .noEndpoint }
        // Stable sort: among equal identifiers the first listed wins.
        let payable = parsed.enumerated()
            .filter { (try? Payability.evaluate($0.element, context: context).get()) != nil }
            .sorted {
                ($0.element.identifier.preferenceRank, $0.offset) < (
                    $1.element.identifier.preferenceRank, $1.offset
                )
            }
            .map(\.element)
        guard let best = payable.first else { return .notOpened }
        if best.identifier == .bolt11,
            let onchain = payable.first(where: { $0.identifier.onchainNetwork != nil })
        {
            return .opened(
                PaymentSelection(
                    paymentText: unifiedURI(address: onchain.value, invoice: best.value), primary: best,
                    onchainFallback: onchain))
        }
        return .opened(PaymentSelection(paymentText: best.value, primary: best, onchainFallback: nil))
    }

    /// `bitcoin:<address>?lightning=<percent-encoded invoice>`.
    public static func unifiedURI(address: String, invoice: String) -> String {
        "bitcoin:\(address)?lightning=\(percentEncoded(invoice))"
    }

    /// RFC 3986 percent-encoding keeping only unreserved characters.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0f)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
