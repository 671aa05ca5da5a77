/// Why an endpoint that passed the shape stage is still not payable (spec/05 §5).
public enum NotPayableReason: Error, Equatable, Sendable {
    /// The value does not decode as what its identifier names.
    case undecodable
    case expired
    /// The decoded network (or the on-chain identifier's network) does not match the wallet's.
    case networkMismatch
    /// A request invoice without private route hints.
    case missingRouteHints
    /// A request invoice whose payment hash was already attempted.
    case alreadyAttempted
    /// An LNURL that is not a pay request.
    case notPayRequest(LNURLKind)
    /// A request address that has already received funds.
    case addressUsed
}

extension NotPayableReason: CustomStringConvertible {
    public var description: String {
        switch self {
        case .undecodable: return "value does not decode"
        case .expired: return "invoice expired"
        case .networkMismatch: return "network mismatch"
        case .missingRouteHints: return "invoice has no route hints"
        case .alreadyAttempted: return "invoice already attempted"
        case .notPayRequest(let kind): return "LNURL is a \(kind.rawValue) request, not pay"
        case .addressUsed: return "address already used"
        }
    }
}
