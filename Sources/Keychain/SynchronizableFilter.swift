/// How a query treats `kSecAttrSynchronizable`.
public enum SynchronizableFilter: Sendable, Equatable {
    /// Not mentioned, or `false`: matches only non-synchronizable items (spec/01 §5).
    case no
    case yes
    /// `kSecAttrSynchronizableAny`.
    case any
}
