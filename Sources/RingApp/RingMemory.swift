import AppSupport
import IdentitySharing

/// What Ring keeps in memory while it runs (the sandbox document `memory`): navigation, the sheet,
/// the last successful Bitkit listing and the last action's toasts. `kill` deletes it.
public struct RingMemory: Codable, Sendable, Equatable {
    public static let document = "memory"

    /// Root first.
    public var stack: [RingRoute]
    public var sheet: RingSheet?
    /// The Bitkit records of the last successful listing; offers are those Ring does not list.
    public var listed: [SharedIdentity]
    /// Toasts raised by the last action, in order.
    public var toasts: [Toast]
    /// The inline error of the backup screen (`Password must be at least 6 characters long`).
    public var backupError: String?
    /// x-callback URLs the last action opened.
    public var openedURLs: [String]
    public var clipboard: String?

    public init(stack: [RingRoute]) {
        self.stack = stack
        self.sheet = nil
        self.listed = []
        self.toasts = []
        self.backupError = nil
        self.openedURLs = []
        self.clipboard = nil
    }

    /// The screen on top of the stack.
    public var top: RingRoute { stack.last ?? .home }
}
