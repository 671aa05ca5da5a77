/// Why the request gate refused a request (spec/05 §2); the raw value is the exact logged code.
public enum RejectionReason: String, Error, CaseIterable, Sendable {
    case missingLocalRole = "missing_local_role"
    case outgoingRequest = "outgoing_request"
    case unsupportedLocalRole = "unsupported_local_role"
    case nonActionableState = "non_actionable_state"
    case recurringRequest = "recurring_request"
    case missingTerms = "missing_terms"
    case unsupportedAsset = "unsupported_asset"
    case invalidAmount = "invalid_amount"
    case amountOutOfRange = "amount_out_of_range"
    case noSupportedEndpoint = "no_supported_endpoint"
    case invalidExpiration = "invalid_expiration"
    case expired = "expired"

    /// False for normal filtering (a request we sent, or one no longer actionable), which is not logged.
    public var isLogged: Bool { self != .outgoingRequest && self != .nonActionableState }
}
