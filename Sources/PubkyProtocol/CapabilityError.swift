/// Why a text is not a capability (spec/04 §5.1).
public enum CapabilityError: Error, Equatable, Sendable {
    /// Not exactly one `:` (or a `,` inside a single capability).
    case invalidFormat(String)
    /// The scope does not start with `/`.
    case scopeNotAbsolute(String)
    /// An action letter other than `r` or `w`.
    case invalidActions(String)
}
