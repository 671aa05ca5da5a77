import AppRuntime
import IdentitySharing

/// Deleting a pubky and wiping Ring (spec/03 §8–§9).
extension FeatureContext where F == Pubkys {
    /// Delete on the confirmation sheet (spec/03 §8): the sheet closes and Home shows before the
    /// deletion runs; Home then loads its offers, so a removed Bitkit pubky is offered again at once.
    mutating func confirmDelete(_ pubky: String) throws {
        sheet = nil
        navigate([.home])
        try suspend(.deleteBeforeDeletion)
        try deletePubky(pubky)
        if top == .home { try loadOffers() }
    }

    /// Owned: unpublish first (a failure keeps everything), then the entry, then the private item and
    /// sessions. Adopted: the entry and its sessions only — no key, no shared record.
    mutating func deletePubky(_ pubky: String) throws {
        guard let entry = store.entry(pubky) else { return }
        if entry.isAdopted {
            store.entries.removeAll { $0.pubky == pubky }
            _ = try attempt { try $0.deleteSessions([pubky]) }
            return
        }
        guard try withdraw(pubky: pubky) == .done else {
            raise(RingTexts.deleteFailed)
            return
        }
        try suspend(.deleteAfterUnpublish)
        store.entries.removeAll { $0.pubky == pubky && !$0.isAdopted }
        do {
            try deleteSecret(pubky)
            try deleteSessions([pubky])
        } catch let error as RingStoreError {
            raise(RingTexts.deleteStoreFailed(error.description))
        }
    }

    /// `Yes` on the wipe alert (spec/03 §9): own records first — any failure aborts everything and
    /// Settings stays; then every private item except the shared service, then the store; Onboarding.
    mutating func confirmWipe() throws {
        sheet = nil
        try suspend(.wipeBeforeUnpublish)
        guard try withdrawAll(before: .wipeBeforeDelete).failure == nil else {
            raise(RingTexts.wipeFailed)
            return
        }
        try suspend(.wipeBeforeReset)
        _ = try attempt { try $0.resetStore() }
        store = RingStore()
        forgetEverythingButTheLaunch()
        navigate([.onboarding])
    }
}
