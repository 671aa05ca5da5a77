/// Reason codes raised while presenting a request (spec/05 §4, category `presentation`).
public enum PresentationReason: String, CaseIterable, Sendable {
    case invalidPaymentTarget = "invalid_payment_target"
    case paymentTargetNotRoutable = "payment_target_not_routable"
    case requestExpired = "request_expired"
}
