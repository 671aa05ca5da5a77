import AppRuntime
import AppSupport
import Backend
import ContractNames
import Foundation
import PubkyProtocol

/// The contact import after an adoption (spec/09 §2): the preview of the adopted identity's
/// follows prepared before navigating, the overview and selection screens, and the import that
/// saves the prepared contacts — without new lookups — and keeps running when the user leaves.
/// The Contacts list's background refresh and `bitkit://contact` links (§2.5, §4) live here too:
/// they share the session profiles the preview found.
public enum ContactImport: Feature {
    public typealias App = Bitkit

    public struct State: Sendable, Equatable {
        /// The import prepared after the adoption; nil when none is pending.
        public var pending: ContactImportPreview?
        /// The running import, if any (`isImportingContacts` from any run).
        public var running: InFlightMarker?
        /// The profiles found this session, stamped with the device clock.
        public var sessionProfiles: SessionProfiles?
        /// The Contacts rows whose background lookup has not ended.
        public var lookingUp: [String]?
        /// A contact link waiting to route (bare key).
        public var link: String?
        /// The contact Contact Detail shows (bare key).
        public var shown: String?
        /// Add Contact as a link opened it.
        public var draft: AddContactDraft?

        public init(
            pending: ContactImportPreview? = nil, running: InFlightMarker? = nil,
            sessionProfiles: SessionProfiles? = nil, lookingUp: [String]? = nil, link: String? = nil,
            shown: String? = nil, draft: AddContactDraft? = nil
        ) {
            self.pending = pending
            self.running = running
            self.sessionProfiles = sessionProfiles
            self.lookingUp = lookingUp
            self.link = link
            self.shown = shown
            self.draft = draft
        }
    }

    public enum Action: Sendable, Equatable {
        /// After an adoption that found a profile: list the follows and look them up (spec/09 §2.1).
        case prepare(owner: String, profileName: String)
        /// `Import All` on the overview: every preview follow.
        case importAll
        /// `Select` on the overview: the selection, all checked.
        case select
        /// Taps a selection row (bare or prefixed key).
        case toggle(String)
        case selectAll
        case selectNone
        /// `Continue` on the selection: the selected follows.
        case continueSelection
        /// `open contact-import-overview`: the pending import, if any (a retry after leaving).
        case openOverview
        /// Contacts appears: rows at once, then the background refresh (spec/09 §2.5.3).
        case refreshContacts
        /// Taps a Contacts row (bare or prefixed key): Contact Detail.
        case openContact(String)
        /// A `bitkit://contact?pubky=` link the OS delivered (spec/09 §4).
        case link(String)
        /// `Save` on Add Contact as a link opened it.
        case saveLinkedContact
    }

    public static func reduce(_ action: Action, _ context: inout FeatureContext<ContactImport>) throws {
        switch action {
        case .prepare(let owner, let profileName): try context.prepare(owner: owner, profileName: profileName)
        case .importAll: try context.importAll()
        case .select: try context.openSelection()
        case .toggle(let pubky): context.toggle(pubky)
        case .selectAll: context.select(all: true)
        case .selectNone: context.select(all: false)
        case .continueSelection: try context.continueSelection()
        case .openOverview: try context.openOverview()
        case .refreshContacts: try context.refreshContacts()
        case .openContact(let pubky): try context.openContact(pubky)
        case .link(let url): try context.openLink(url)
        case .saveLinkedContact: try context.saveLinkedContact()
        }
    }

    /// The two import routes: reaching any other is leaving (spec/09 §2.4.6).
    public static let routes: Set<BitkitRoute> = [.contactImportOverview, .contactImportSelect]
    /// The receiver path every imported contact is saved on (spec/09 §2.4.1).
    public static let receiverPath = "bitkit/wallet"
}

extension FeatureContext where F == ContactImport {
    // MARK: The preview (spec/09 §2.1)

    /// Lists the adopted identity's follows, drops its own key in any spelling, and looks each other
    /// follow up once; the preview is pending when at least one follow is left.
    mutating func prepare(owner: String, profileName: String) throws {
        state.pending = nil
        try suspend(.importBeforeFollows)
        // A listing that fails leaves no preview: the adoption ends on Pay Contacts.
        guard let listing = try attempt({ try $0.follows(of: owner) }) else { return }
        let kept =
            build.has(.importKeepsOwnAlias)
            ? FollowsListing(follows: listing.follows.filter { $0.pubky != owner }, ignored: listing.ignored)
            : listing.excluding(own: owner)
        guard !kept.follows.isEmpty else { return }
        for _ in kept.follows { try suspend(.importBeforeLookup) }
        // Only an offline device fails the set: every follow is then a placeholder.
        let found = try attempt { try $0.followProfiles(kept.pubkys, lane: .interactive) } ?? []
        let results = Dictionary(found.map { ($0.pubky, $0) }, uniquingKeysWith: { first, _ in first })
        let stamp = try now()
        var profiles = currentSessionProfiles()
        var follows: [ContactImportPreview.Follow] = []
        for follow in kept.follows {
            let result = results[follow.pubky]
            if let profile = result?.profile {
                profiles?.entries[follow.pubky] = SessionProfiles.Entry(profile: profile, stamp: stamp)
            }
            follows.append(
                .init(pubky: follow.pubky, name: result?.name ?? FollowProfile.placeholderName(follow.pubky)))
        }
        state.sessionProfiles = profiles
        state.pending = ContactImportPreview(owner: owner, profileName: profileName, follows: follows)
    }

    /// The session profiles of the active identity and session (a fresh set when they belong to
    /// another, spec/09 §2.5.4); nil without an identity.
    func currentSessionProfiles() -> SessionProfiles? {
        guard let owner = identity.publicKey else { return nil }
        if let profiles = state.sessionProfiles, profiles.owner == owner,
            profiles.generation == identity.sessionGeneration
        {
            return profiles
        }
        return SessionProfiles(owner: owner, generation: identity.sessionGeneration)
    }

    // MARK: The overview and the selection (spec/09 §2.2–2.3)

    /// Whether an import runs in a live run (a held one included); with the named defect never.
    private mutating func isImporting() throws -> Bool {
        guard let running = state.running, !build.has(.importSecondTapStartsAgain) else { return false }
        return try isAlive(running.process)
    }

    private mutating func refuseWhileImporting(_ control: String) throws -> Bool {
        guard try isImporting() else { return false }
        notice("\(control) is disabled while contacts are being imported.")
        return true
    }

    mutating func openSelection() throws {
        guard var pending = state.pending, top == .contactImportOverview else {
            notice("Select is on the import overview (spec/09 §2.2): there is none shown.")
            return
        }
        if try refuseWhileImporting("Select") { return }
        pending.selected = pending.follows.map(\.pubky)
        state.pending = pending
        try push(.contactImportSelect)
    }

    mutating func toggle(_ text: String) {
        let bare = PubkyKey.isPrefixed(text.lowercased()) ? String(text.lowercased().dropFirst(5)) : text.lowercased()
        guard var pending = state.pending, top == .contactImportSelect,
            pending.follows.contains(where: { $0.pubky == bare })
        else {
            notice("The import selection has no row for \(text).")
            return
        }
        if pending.selected.contains(bare) {
            pending.selected.removeAll { $0 == bare }
        } else {
            // Kept in preview order.
            let chosen = Set(pending.selected + [bare])
            pending.selected = pending.follows.map(\.pubky).filter { chosen.contains($0) }
        }
        state.pending = pending
    }

    /// `Select all` / `Select none`.
    mutating func select(all: Bool) {
        guard var pending = state.pending, top == .contactImportSelect else {
            notice("Select all and Select none are on the import selection: there is none shown.")
            return
        }
        pending.selected = all ? pending.follows.map(\.pubky) : []
        state.pending = pending
    }

    mutating func continueSelection() throws {
        guard let pending = state.pending, top == .contactImportSelect else {
            notice("Continue is on the import selection: there is none shown.")
            return
        }
        if try refuseWhileImporting("Continue") { return }
        guard !pending.selected.isEmpty else {
            // Nothing selected: the pending import goes, nothing is saved (spec/09 §2.3).
            state.pending = nil
            setPath([.payContacts])
            return
        }
        try runImport(pending.selectedFollows)
    }

    mutating func importAll() throws {
        guard let pending = state.pending, top == .contactImportOverview else {
            notice("Import All is on the import overview: there is none shown.")
            return
        }
        if try refuseWhileImporting("Import All") { return }
        try runImport(pending.follows)
    }

    /// `open contact-import-overview`: the pending import (a retry after leaving), else a notice.
    mutating func openOverview() throws {
        guard state.pending != nil else {
            notice("There is no pending contact import: the overview opens after adopting an identity with follows.")
            return
        }
        if top != .contactImportOverview { try push(.contactImportOverview) }
    }

    /// Reaching a route other than the two import routes (spec/09 §2.4.6): with no import running
    /// the pending import goes; a running one keeps it until it ends.
    mutating func leave() {
        if state.running == nil { state.pending = nil }
    }

    // MARK: Importing (spec/09 §2.4)

    /// One save per follow in preview order, each after checking the identity again; a failed save
    /// does not stop the others, and a follow already saved for the identity is skipped.
    private mutating func runImport(_ follows: [ContactImportPreview.Follow]) throws {
        guard let owner = state.pending?.owner else { return }
        state.running = InFlightMarker(process: try holdProcess(), subject: owner)
        record(JournalLine(.contactImport(.started), account: owner, detail: "\(follows.count)"))
        let generation = identity.sessionGeneration
        var failed = false
        for follow in follows {
            try suspend(.importBeforeSave)
            guard build.has(.importSurvivesSignOut) || isStillActive(owner, generation: generation) else {
                // Sign-out, deletion, source loss, wipe or another identity: silently stopped.
                state.running = nil
                state.pending = nil
                record(JournalLine(.contactImport(.stopped), account: owner))
                return
            }
            var book = try loadContacts()
            let saved = book.contacts.contains { $0.pubky == follow.pubky && $0.belongs(to: owner) }
            if saved, !build.has(.importRetrySavesAll) { continue }
            if try faultArmed(.contactSave) {
                failed = true
                record(JournalLine(.contactImport(.failed), account: follow.pubky))
                continue
            }
            book.contacts.append(
                PaykitContact(
                    name: follow.name, pubky: follow.pubky, receiverPath: ContactImport.receiverPath, owner: owner))
            try saveContacts(book)
            record(JournalLine(.contactImport(.saved), account: follow.pubky))
        }
        state.running = nil
        guard !failed else {
            // The user is not moved and the preview is kept for a retry (spec/09 §2.4.5).
            toast(Toast(.error, BitkitTexts.importFailed))
            return
        }
        state.pending = nil
        record(JournalLine(.contactImport(.completed), account: owner))
        if ContactImport.routes.contains(top) || build.has(.importOpensPayContactsAfterLeaving) {
            setPath([.payContacts])
        }
    }

    /// The identity the import began for is still the active, authenticated one of that session.
    private func isStillActive(_ owner: String, generation: Int) -> Bool {
        identity.authState == .authenticated && identity.publicKey == PubkyKey.prefix + owner
            && identity.sessionGeneration == generation
    }
}
