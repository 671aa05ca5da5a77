import Synchronization

/// The breakpoints armed at shared-access points for the app of one run, read from the device file
/// at the run's first keychain call or network request and again after every pause (the only time
/// `simctl` arms new ones while the run is under way), so an access point costs a lookup, not a
/// file read.
public final class AccessBreakpoints: Sendable {
    private let names = Mutex<Set<String>?>(nil)

    public init() {}

    /// The armed names, loading them with `load` when not known.
    package func armed(_ load: () -> Set<String>) -> Set<String> {
        if let known = names.withLock({ $0 }) { return known }
        let loaded = load()
        names.withLock { $0 = loaded }
        return loaded
    }

    /// Forgets what was read (after a pause, when other breakpoints may have been armed).
    package func forget() { names.withLock { $0 = nil } }
}
