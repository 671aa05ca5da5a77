/// Reason codes of an incoming request that could not be opened (spec/05 §4, category `resolution`).
public enum ResolutionReason: String, CaseIterable, Sendable {
    case noSupportedEndpoint = "no_supported_endpoint"
    case endpointNotPayable = "endpoint_not_payable"
    case paymentDetailsPending = "payment_details_pending"
    case resolutionFailed = "resolution_failed"
}
