/// How opening a payment ended (spec/05 §4).
public enum ResolutionOutcome: Equatable, Sendable {
    /// At least one endpoint is payable.
    case opened(PaymentSelection)
    /// No endpoint survived the shape stage and the identifier restriction.
    case noEndpoint
    /// Some endpoints survived, none is payable.
    case notOpened

    /// The incoming-request reason code, nil when opened.
    public var reason: ResolutionReason? {
        switch self {
        case .opened: return nil
        case .noEndpoint: return .noSupportedEndpoint
        case .notOpened: return .endpointNotPayable
        }
    }

    /// Title of the error shown when paying a contact directly fails.
    public static let contactPaymentErrorTitle = "Unable To Pay Contact"
    /// Shown for no endpoint, and for details still pending.
    public static let paymentsNotEnabledMessage =
        "The contact you're trying to send to hasn't enabled payments."
    /// Shown for not opened.
    public static let noCompatibleEndpointMessage = "No compatible payment endpoint is available."

    /// The message under `contactPaymentErrorTitle` for a direct contact payment; nil when opened.
    public var contactPaymentMessage: String? {
        switch self {
        case .opened: return nil
        case .noEndpoint: return Self.paymentsNotEnabledMessage
        case .notOpened: return Self.noCompatibleEndpointMessage
        }
    }
}
