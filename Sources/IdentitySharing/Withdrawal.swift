/// The outcome of withdrawing every identity this app shares.
public struct Withdrawal: Sendable, Equatable {
    /// The identities it tried to withdraw, in the order it tried them.
    public var tried: [SharedIdentity]
    /// Why it failed (the enumeration, or the last withdrawal that failed), or nil.
    public var failure: String?

    public init(tried: [SharedIdentity], failure: String? = nil) {
        self.tried = tried
        self.failure = failure
    }
}
