import Foundation

/// Who is calling: the app's identity and the device facts that decide statuses.
public struct KeychainCaller: Sendable {
    public var bundleID: String
    /// Access groups the app is entitled to; the first is the default for adds.
    public var entitlements: [String]
    /// Read when an operation needs it, at most once per operation, possibly while the group lock
    /// is held (so it must not take a keychain group lock itself).
    public var protection: @Sendable () -> ProtectionState
    /// A forced status for (operation, group, account), if a fault rule matches.
    public var fault: @Sendable (KeychainOperation, String, String?) -> OSStatus?
    /// Called once per operation, after it finished (and after the group locks were released).
    public var observer: @Sendable (KeychainEvent) -> Void
    /// Called once per operation before it touches anything (a scheduling point of the race harness
    /// and the explorer); nil, the usual case, costs nothing.
    public var before: (@Sendable (KeychainAccess) -> Void)?
    /// The clock stamped into `createdAt` / `modifiedAt` (the device's simulated clock).
    public var now: @Sendable () -> Date

    public init(
        bundleID: String, entitlements: [String],
        protection: @escaping @Sendable () -> ProtectionState,
        fault: @escaping @Sendable (KeychainOperation, String, String?) -> OSStatus? = { _, _, _ in nil
        },
        observer: @escaping @Sendable (KeychainEvent) -> Void = { _ in },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.bundleID = bundleID
        self.entitlements = entitlements
        self.protection = protection
        self.fault = fault
        self.observer = observer
        self.now = now
    }
}
