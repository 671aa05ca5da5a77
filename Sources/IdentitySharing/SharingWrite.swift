/// The outcome of offering or withdrawing one of this app's own identities.
public enum SharingWrite: Sendable, Equatable {
    case done
    /// The platform's reason, e.g. `Keychain error -25308`.
    case failed(String)

    public var failure: String? {
        if case .failed(let reason) = self { return reason }
        return nil
    }
}
