/// The categories of the apps' log lines: Bitkit's Paykit log (spec/05 §7) and Ring's failures.
public enum LogCategory: String, Sendable, CaseIterable {
    /// A payment request that failed the gate (spec/05 §2).
    case parse
    /// A request that could not be presented (spec/05 §2.4).
    case presentation
    /// A failed resolution attempt (spec/05 §4).
    case resolution
    /// Ring could not publish its own record.
    case publishFailed = "publish-failed"
    /// Ring's homeserver sign-up failed.
    case signupFailed = "signup-failed"
    /// A line of an Android shared-pubky provider or client (spec/07 §2, §4; `<redacted>` literal).
    case sharing
}
