import AppSupport
import ContractNames
import Foundation
import RingApp
import Testing

/// The asynchronous points hold with the main actor released, so the other app (or another Ring
/// process) can act in between — the interleavings the race tooling reproduces.
@Suite struct CheckpointTests {
    @Test func betweenTheDeleteAndTheAddOfARepublishTheRecordIsAbsent() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        try sim.ring(.kill)
        var during: [String] = []
        try sim.pausing(at: .setOwnedBetweenDeleteAndAdd, [.launch]) { during = try sim.sharedAccounts() }
        #expect(during.isEmpty)
        #expect(try sim.sharedAccounts() == ["app.pubkyring:\(Key.a)"])
    }

    @Test func pruneActsOnTheListingItAwaited() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.ring(.showOffer(ref: "#1"), .confirm)
        try sim.bitkitRemove(Key.w)
        let screen = try sim.pausing(at: .pruneAfterListing, [.foreground]) {
            try sim.bitkitPublish(secret: Key.wSecret)
        }
        #expect(screen.toasts.count == 1)
        #expect(try sim.snapshot().pubkys.isEmpty)
    }

    @Test func deleteShowsHomeBeforeTheDeletionRuns() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        try sim.ring(.delete(ref: "#1"))
        var route = ""
        var listed: [String] = []
        try sim.pausing(at: .deleteBeforeDeletion, [.confirm]) {
            route = try sim.snapshot().route
            listed = try sim.snapshot().pubkys.map(\.pubky)
        }
        #expect(route == "home")
        #expect(listed == [Key.a])
        #expect(try sim.snapshot().pubkys.isEmpty)
    }

    @Test func afterTheUnpublishTheEntryAndKeyStillExist() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        var during: ([String], [String]) = ([], [])
        try sim.pausing(at: .deleteAfterUnpublish, [.delete(ref: "#1"), .confirm]) {
            during = (try sim.sharedAccounts(), try sim.privateItems().map(\.service))
        }
        #expect(during.0.isEmpty)
        #expect(during.1 == [Key.a])
        #expect(try sim.privateItems().isEmpty)
    }

    @Test func anAdoptionInFlightDoesNotConvertAnEntryAddedMeanwhile() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.ring(.showOffer(ref: "#1"))
        try sim.pausing(at: .adoptBeforeResolve, [.confirm]) {
            try sim.ring(.importSecret(hex: Key.wSecret, name: "Mine"))
        }
        let entries = try sim.snapshot().pubkys
        #expect(entries.map(\.name) == ["Mine"])
        #expect(entries.map(\.sourceApp) == [nil])
    }

    @Test func wipeHoldsBeforeEachOwnRecordDelete() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil), .importSecret(hex: Key.bSecret, name: nil))
        var during: [String] = []
        try sim.pausing(at: .wipeBeforeDelete, [.openWipe, .confirm]) { during = try sim.sharedAccounts() }
        #expect(during.count == 2)
        #expect(try sim.sharedAccounts().isEmpty)
    }

    @Test func theAdoptedSecretIsReadAfterTheAwaitSoARemovalMeanwhileFails() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.signUpElsewhere(Key.wSecret)
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.ring(.showOffer(ref: "#1"), .confirm)
        let link = try sim.authRequest().link
        let screen = try sim.pausing(at: .authorizeBeforeRead, [.openLink(link, pubky: nil, confirm: true)]) {
            try sim.bitkitRemove(Key.w)
        }
        #expect(screen.toasts.map(\.text) == ["error · Error · Failed to get secret key"])
        #expect(try sim.snapshot().pubkys.count == 1)
    }

    @Test func everyCheckpointHasANameAndASentence() {
        #expect(RingCheckpoint.allCases.allSatisfy { $0.rawValue.hasPrefix("ring.") && $0.sentence.hasSuffix(".") })
        #expect(RingCheckpoint.setOwnedBetweenDeleteAndAdd.rawValue == "ring.setOwned.between-delete-and-add")
        #expect(RingCheckpoint.pruneAfterListing.rawValue == "ring.prune.after-listing")
        #expect(RingCheckpoint.deleteAfterUnpublish.rawValue == "ring.delete.after-unpublish")
        #expect(RingCheckpoint.deleteBeforeDeletion.rawValue == "ring.delete.before-deletion")
    }
}
