import AppRuntime
import AppSupport
import Backend
import ContractNames
import Foundation
import PubkyProtocol

/// The Contacts list's background refresh, Contact Detail, and `bitkit://contact` links (spec/09
/// §2.5, §4).
extension FeatureContext where F == ContactImport {
    /// The active identity's bare key; nil without one.
    private var activeOwner: String? {
        identity.publicKey.map { $0.hasPrefix(PubkyKey.prefix) ? String($0.dropFirst(PubkyKey.prefix.count)) : $0 }
    }

    // MARK: Contacts (spec/09 §2.5)

    /// Rows show at once under their saved labels; then the records without a session profile younger
    /// than ten minutes are looked up in the bulk lane, and the results applied in batches.
    mutating func refreshContacts() throws {
        guard let owner = activeOwner, var profiles = currentSessionProfiles() else { return }
        let now = try now()
        var waiting: [String] = []
        for contact in try loadContacts().shown(for: owner) where !waiting.contains(contact.pubky) {
            if build.has(.contactsFreshProfilesLookedUp) || !profiles.isFresh(contact.pubky, at: now) {
                waiting.append(contact.pubky)
            }
        }
        guard !waiting.isEmpty else { return }
        state.lookingUp = waiting
        try suspend(.contactsBeforeRefresh)
        let found = try attempt { try $0.followProfiles(waiting, lane: .bulk) } ?? []
        // A sign-out or another identity meanwhile: its results are not this session's.
        guard let current = currentSessionProfiles(), current.owner == profiles.owner,
            current.generation == profiles.generation
        else {
            state.lookingUp = nil
            return
        }
        profiles = current
        let stamp = try self.now()
        let results = Dictionary(found.map { ($0.pubky, $0) }, uniquingKeysWith: { first, _ in first })
        for batch in ContactsBatches.batches(found.map { ($0.pubky, $0.end) }) {
            for pubky in batch.pubkys {
                if let profile = results[pubky]?.profile {
                    profiles.entries[pubky] = SessionProfiles.Entry(profile: profile, stamp: stamp)
                }
            }
            let at = Int((batch.at * 1000).rounded())
            record(JournalLine(.contactsBatch, detail: "+\(at) ms: " + batch.pubkys.joined(separator: " ")))
        }
        state.sessionProfiles = profiles
        state.lookingUp = nil
    }

    /// A Contacts row: Contact Detail; a row still waiting for its lookup is looked up at once.
    mutating func openContact(_ text: String) throws {
        let key = Self.bare(text)
        guard try loadContacts().shown(for: activeOwner).contains(where: { $0.pubky == key }) else {
            throw BitkitAppError.invalidArgument("Contacts has no row for \(text).")
        }
        if state.lookingUp?.contains(key) == true, var profiles = currentSessionProfiles() {
            let found = try attempt { try $0.followProfiles([key], lane: .interactive) }?.first
            if let profile = found?.profile {
                profiles.entries[key] = SessionProfiles.Entry(profile: profile, stamp: try now())
                state.sessionProfiles = profiles
            }
            state.lookingUp?.removeAll { $0 == key }
        }
        state.shown = key
        try push(.contactDetail)
    }

    // MARK: Contact links (spec/09 §4)

    /// A valid link is kept until it routes, once; an invalid one shows the scanner's error at once.
    mutating func openLink(_ url: String) throws {
        // The Paykit UI off: ignored, no toast.
        guard defaults.paykitUIEnabled else { return }
        guard let key = ContactLink.pubky(in: url) else {
            toast(Toast(.error, BitkitTexts.unreadableQRTitle, BitkitTexts.unreadableQRDescription))
            return
        }
        state.link = key
        try suspend(.contactLinkBeforeRoute)
        // Another run routed it meanwhile: a link routes once.
        guard state.link == key else { return }
        state.link = nil
        sheet = nil
        guard try hasExistingIdentity(), let owner = activeOwner else {
            try openProfile()
            return
        }
        if PubkyKey.isSameKey(key, owner) {
            try push(.profile)
        } else if try loadContacts().shown(for: owner).contains(where: { $0.pubky == key }) {
            state.shown = key
            try push(.contactDetail)
        } else {
            let found = try attempt { try $0.followProfiles([key], lane: .interactive) }?.first
            state.draft = AddContactDraft(pubky: key, name: found?.name ?? FollowProfile.placeholderName(key))
            try push(.addContact)
        }
    }

    /// `Save` on Add Contact: saved as `contacts add` on `bitkit/wallet`, then Contact Saved.
    mutating func saveLinkedContact() throws {
        guard let draft = state.draft, top == .addContact else {
            notice("Add Contact is not shown: open a contact link first (`simctl open-url bitkit://contact?pubky=…`).")
            return
        }
        try saveContact(name: draft.name, pubky: draft.pubky, receiverPath: ContactImport.receiverPath)
    }

    private static func bare(_ text: String) -> String {
        let lowered = text.lowercased()
        return PubkyKey.isPrefixed(lowered) ? String(lowered.dropFirst(PubkyKey.prefix.count)) : lowered
    }
}
