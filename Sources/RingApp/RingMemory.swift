import AppSupport
import IdentitySharing

/// What Ring keeps in memory while it runs (the sandbox document `memory`): navigation, the sheet,
/// the last successful Bitkit listing and the last action's toasts. `kill` deletes it.
public struct RingMemory: Codable, Sendable, Equatable {
    public static let document = "memory"

    /// Distinguishes launches, so an action paused across a kill and a relaunch knows its app is gone.
    public var launchID: UInt64
    /// False after `background` until the app comes to the foreground again.
    public var inForeground: Bool
    /// Root first.
    public var stack: [RingRoute]
    public var sheet: RingSheet?
    /// The Bitkit records of the last successful listing; offers are those Ring does not list.
    public var listed: [SharedIdentity]
    /// The offers of the last successful listing, as Ring showed them then (records it did not list
    /// at that moment); nil before the first.
    public var offeredAtListing: [SharedIdentity]?
    /// True while offer listings fail since the last success: the offers are kept exactly as they
    /// were shown, not filtered again against Ring's current pubkys (spec/03 §4 step 2).
    public var listingFailed: Bool?
    /// Toasts raised by the last action, in order.
    public var toasts: [Toast]
    /// The inline error of the backup screen (`Password must be at least 6 characters long`).
    public var backupError: String?
    /// x-callback URLs the last action opened.
    public var openedURLs: [String]
    public var clipboard: String?

    public init(stack: [RingRoute], launchID: UInt64 = 0) {
        self.launchID = launchID
        self.inForeground = true
        self.stack = stack
        self.sheet = nil
        self.listed = []
        self.toasts = []
        self.backupError = nil
        self.openedURLs = []
        self.clipboard = nil
    }

    enum CodingKeys: String, CodingKey {
        case launchID, inForeground, stack, sheet, listed, offeredAtListing, listingFailed, toasts, backupError
        case openedURLs, clipboard
    }

    /// A memory document written before launches had ids reads as launch 0, in the foreground.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        launchID = try container.decodeIfPresent(UInt64.self, forKey: .launchID) ?? 0
        inForeground = try container.decodeIfPresent(Bool.self, forKey: .inForeground) ?? true
        stack = try container.decode([RingRoute].self, forKey: .stack)
        sheet = try container.decodeIfPresent(RingSheet.self, forKey: .sheet)
        listed = try container.decode([SharedIdentity].self, forKey: .listed)
        offeredAtListing = try container.decodeIfPresent([SharedIdentity].self, forKey: .offeredAtListing)
        listingFailed = try container.decodeIfPresent(Bool.self, forKey: .listingFailed)
        toasts = try container.decode([Toast].self, forKey: .toasts)
        backupError = try container.decodeIfPresent(String.self, forKey: .backupError)
        openedURLs = try container.decode([String].self, forKey: .openedURLs)
        clipboard = try container.decodeIfPresent(String.self, forKey: .clipboard)
    }

    /// The screen on top of the stack.
    public var top: RingRoute { stack.last ?? .home }
}
