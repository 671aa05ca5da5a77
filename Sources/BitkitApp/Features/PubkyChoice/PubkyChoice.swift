import AppRuntime
import AppSupport
import ContractNames
import IdentitySharing
import PubkyCrypto
import PubkyProtocol

/// Pubky Choice (spec/02 §11–§12): the Ring pubkys listed with their profiles looked up in the
/// background, and the adoption of the one the user picks.
public enum PubkyChoice: Feature {
    public typealias App = Bitkit

    public struct State: Sendable, Equatable {
        /// The rows shown, and the lookups still running.
        public var choice: PubkyChoiceList?
        /// The row profiles remembered for the session (spec/02 §11.1); nil when none.
        public var rowProfiles: RowProfileCache?
        /// The running adoption, if any.
        public var adoption: InFlightMarker?

        public init(
            choice: PubkyChoiceList? = nil, rowProfiles: RowProfileCache? = nil, adoption: InFlightMarker? = nil
        ) {
            self.choice = choice
            self.rowProfiles = rowProfiles
            self.adoption = adoption
        }
    }

    /// Which row a pick taps.
    public enum RowTarget: Sendable, Equatable {
        /// The row of this pubky (bare, as listed; a `pubky` prefix is accepted).
        case pubky(String)
        /// The N-th row, 1-based.
        case index(Int)
    }

    public enum Action: Sendable, Equatable {
        /// The screen appears (pushed, come back to, or reset to after a source loss): list and look up.
        case appear
        /// Taps a row (opening Profile first from another screen) and adopts its pubky.
        case pick(RowTarget)
        /// A foreground: the rows whose lookup found nothing are looked up again next time (§11.1).
        case forgetMisses
        /// A sign-out: every remembered row profile and running lookup goes (§11.1).
        case forgetRowProfiles
    }

    public static func reduce(_ action: Action, _ context: inout FeatureContext<PubkyChoice>) throws {
        switch action {
        case .appear: try context.appear()
        case .pick(let target): try context.pick(target)
        case .forgetMisses: context.state.rowProfiles?.missed = []
        case .forgetRowProfiles: context.forgetRowProfiles()
        }
    }
}

extension FeatureContext where F == PubkyChoice {
    /// Every remembered row profile and running lookup goes (a sign-out, §11.1).
    mutating func forgetRowProfiles() {
        state.rowProfiles = nil
        state.choice?.lookingUp = []
    }

    /// spec/02 §11 on appear: list Ring's pubkys (an unknown listing shows as empty); the rows show
    /// at once, and each row's profile is looked up in the background unless the session remembers
    /// it (§11.1: found profiles are kept, misses until the next foreground; profiles of pubkys no
    /// longer listed are dropped). A running lookup shows a spinner; a tap stops the others.
    mutating func appear() throws {
        let pubkys = try listPeers().identities.map(\.pubky)
        var cache = state.rowProfiles ?? RowProfileCache()
        if build.has(.rowProfilesNotRemembered) { cache = RowProfileCache() }
        cache.keep(only: Set(pubkys))
        state.rowProfiles = cache
        // In list order, once each: the lookups reach the journal and use up counted faults, and a
        // Set's order changes from one process to the next.
        var pending: [String] = []
        for pubky in pubkys where !pending.contains(pubky) && !cache.remembers(pubky) {
            if PublicKey(z32: pubky) != nil { pending.append(pubky) }
        }
        state.choice = PubkyChoiceList(pubkys: pubkys, lookingUp: pending)
        guard !pending.isEmpty else { return }
        try suspend(.choiceBeforeProfileFetch)
        for pubky in pending {
            guard state.choice?.lookingUp.contains(pubky) == true else { continue }
            let found = try attempt { try $0.profile(of: pubky) } ?? nil
            // A tap, a reload or a sign-out meanwhile stopped this lookup: its result is dropped.
            guard var choice = state.choice, choice.lookingUp.contains(pubky) else { continue }
            choice.lookingUp.removeAll { $0 == pubky }
            var remembered = state.rowProfiles ?? RowProfileCache()
            remembered.remember(pubky, found)
            state.rowProfiles = remembered
            state.choice = choice
        }
    }

    /// `pick`: from another screen Profile opens first (which shows Pubky Choice); then the row is
    /// tapped (spec/02 §12).
    mutating func pick(_ target: PubkyChoice.RowTarget) throws {
        if top != .pubkyChoice {
            sheet = nil
            try openProfile()
            if isRunning, top == .profileIntro { try continueFlow() }
        }
        guard isRunning else { throw AppTerminated() }
        guard top == .pubkyChoice else {
            if notices.isEmpty {
                notice("Pubky Choice is not shown (Profile opens \(top.rawValue): Bitkit already has an identity).")
            }
            return
        }
        let listed = state.choice?.pubkys ?? []
        let pubky: String
        switch target {
        case .index(let index):
            guard listed.indices.contains(index - 1) else {
                throw BitkitAppError.invalidArgument(
                    "Pubky Choice has \(listed.count) Ring row(s); there is no row #\(index).")
            }
            pubky = listed[index - 1]
        case .pubky(let text):
            let bare = PubkyKey.isPrefixed(text) ? String(text.dropFirst(5)) : text
            guard let match = listed.first(where: { $0 == text || $0 == bare }) else {
                throw BitkitAppError.invalidArgument(
                    listed.isEmpty
                        ? "Pubky Choice lists no Ring pubkys; it shows only the create card."
                        : "No Pubky Choice row for \(text); rows: \(listed.joined(separator: ", ")) "
                            + "(the list loads when Pubky Choice appears; `bitkit-sim foreground` reloads it).")
            }
            pubky = match
        }
        try adopt(pubky)
    }
}
