import AppSupport
import Device
import Foundation
import Keychain
import WorldFiles

/// `ring-sim state --json`: everything Ring holds, where it is stored, and what it shows — never a
/// secret. Scenarios assert on these names.
public struct RingSnapshot: Codable, Sendable, Equatable {
    public struct Pubky: Codable, Sendable, Equatable {
        public var pubky: String
        public var name: String
        /// The name, or `pubky #<i+1>`.
        public var displayName: String
        public var homeserver: String
        public var signedUp: Bool
        public var signupToken: String
        public var isBackedUp: Bool
        public var backupPreference: BackupPreference
        /// nil for owned pubkys.
        public var sourceApp: String?
        public var sessions: [Session]

        enum CodingKeys: String, CodingKey {
            case pubky, name, displayName, homeserver, signedUp, signupToken, isBackedUp, backupPreference, sourceApp
            case sessions
        }

        // `sourceApp` is written as null for owned pubkys rather than left out.
        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(pubky, forKey: .pubky)
            try container.encode(name, forKey: .name)
            try container.encode(displayName, forKey: .displayName)
            try container.encode(homeserver, forKey: .homeserver)
            try container.encode(signedUp, forKey: .signedUp)
            try container.encode(signupToken, forKey: .signupToken)
            try container.encode(isBackedUp, forKey: .isBackedUp)
            try container.encode(backupPreference, forKey: .backupPreference)
            try container.encode(sourceApp, forKey: .sourceApp)
            try container.encode(sessions, forKey: .sessions)
        }
    }

    public struct Session: Codable, Sendable, Equatable {
        public var id: String
        public var capabilities: String
        public var createdAt: Date
    }

    public var running: Bool
    /// Whether the running app is the one in front (an agent's snapshot reads it, spec/10).
    public var foreground: Bool
    public var onboarded: Bool
    /// The screen shown; `none` while Ring is not running.
    public var route: String
    public var stack: [String]
    /// The sheet id shown, if any.
    public var sheet: String?
    public var pubkys: [Pubky]
    public var offers: [RingOffer]
    /// Service names present in Ring's private group, sorted.
    public var privateItems: [String]
    /// The last action's toasts.
    public var toasts: [Toast]
    /// x-callback URLs the last action opened.
    public var openedURLs: [String]
    public var clipboard: String?

    public init(state: RingState, privateItems: [String]) {
        running = state.running
        foreground = state.memory?.inForeground ?? false
        onboarded = state.store.onboarded
        route = state.memory?.top.name ?? "none"
        stack = state.memory?.stack.map(\.name) ?? []
        sheet = state.memory?.sheet?.id
        pubkys = state.store.entries.enumerated().map { index, entry in
            Pubky(
                pubky: entry.pubky, name: entry.name, displayName: entry.displayName(index: index),
                homeserver: entry.homeserver, signedUp: entry.signedUp, signupToken: entry.signupToken,
                isBackedUp: entry.isBackedUp, backupPreference: entry.backupPreference, sourceApp: entry.sourceApp,
                sessions: entry.sessions.map {
                    Session(id: $0.id, capabilities: $0.capabilities, createdAt: $0.createdAt)
                })
        }
        offers = state.running ? state.offers : []
        self.privateItems = privateItems.sorted()
        toasts = state.memory?.toasts ?? []
        openedURLs = state.memory?.openedURLs ?? []
        clipboard = state.memory?.clipboard
    }

    /// Ring's state in `world`, read without acting and without journaling: the private group is
    /// inspected directly, bypassing the device lock.
    public static func read(world: World) throws -> RingSnapshot {
        let sandbox = Sandbox(world: world, app: .ring)
        let state = RingState(
            store: try sandbox.load(RingStore.self, RingStore.document) ?? RingStore(),
            memory: try sandbox.load(RingMemory.self, RingMemory.document))
        let group = RingPrivateKeychain.group
        let items =
            (try? KeychainGroupStore(directory: world.groupDirectory(group), accessGroup: group).inspect())?.items ?? []
        return RingSnapshot(state: state, privateItems: Set(items.map(\.service)).sorted())
    }

    /// A readable summary for `ring-sim state`.
    public var text: String {
        var lines = [
            "Pubky Ring: " + (running ? "running, \(route)" : "not running") + (onboarded ? "" : " (onboarding)")
        ]
        if let sheet { lines.append("Sheet: \(sheet)") }
        lines.append(pubkys.isEmpty ? "Pubkys: none" : "Pubkys:")
        for (index, pubky) in pubkys.enumerated() {
            var line = "  #\(index + 1) \(pubky.displayName)  \(pubky.pubky)"
            line += pubky.sourceApp.map { "  adopted from \($0)" } ?? "  owned"
            line += pubky.signedUp ? "  signed up at \(pubky.homeserver)" : "  not signed up"
            if pubky.sourceApp == nil { line += pubky.isBackedUp ? "  backed up" : "  not backed up" }
            if !pubky.sessions.isEmpty { line += "  \(pubky.sessions.count) session(s)" }
            lines.append(line)
        }
        for (index, offer) in offers.enumerated() {
            lines.append("Offer #\(index + 1): \(offer.name)  \(offer.sourceApp):\(offer.pubky)")
        }
        lines.append("Private items: " + (privateItems.isEmpty ? "none" : privateItems.joined(separator: ", ")))
        for toast in toasts { lines.append("Toast: \(toast.text)") }
        for url in openedURLs { lines.append("Opened: \(url)") }
        return lines.joined(separator: "\n")
    }
}
