import AppSupport
import Device
import Foundation
import Keychain
import RingApp
import Testing

@Suite struct AdoptionTests {
    @Test func adoptionAddsAReferenceOnlyAndReadsNoSecret() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil), .importSecret(hex: Key.bSecret, name: nil))
        try sim.bitkitPublish(secret: Key.wSecret)
        let before = try sim.sharedAccounts()
        let screen = try sim.ring(.showOffer(ref: "#1"), .confirm)
        #expect(screen.sheet == nil)
        #expect(screen.toasts.isEmpty)
        let entry = try #require(try sim.snapshot().pubkys.last)
        #expect(entry.pubky == Key.w)
        #expect(entry.name == "pubky #3 (Bitkit)")
        #expect(entry.sourceApp == "to.bitkit.dev")
        #expect(entry.isBackedUp == true)
        #expect(entry.backupPreference == .unknown)
        #expect(entry.signedUp == false && entry.homeserver == "")
        #expect(entry.signupToken == "" && entry.sessions.isEmpty)
        #expect(try sim.privateItems().map(\.service).contains(Key.w) == false)
        #expect(try sim.sharedAccounts() == before)
        let reads = try sim.journal().filter {
            $0.app == "ring" && $0.account == "to.bitkit.dev:\(Key.w)" && $0.data == true
        }
        #expect(reads.isEmpty)
        let card = try #require(screen.rows.last)
        #expect(card.pills == ["Bitkit pubky"])
        #expect(card.button == "Authorize")
        #expect(screen.rows.count == 3, "the offer card is gone")
    }

    @Test func adoptionResolvesTheHomeserverFromPkarr() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.signUpElsewhere(Key.wSecret)
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.ring(.showOffer(ref: Key.w), .confirm)
        let entry = try #require(try sim.snapshot().pubkys.first)
        #expect(entry.homeserver == Key.hs)
        #expect(entry.signedUp == true)
    }

    @Test func adoptionOfflineResolvesNoHomeserverButStillAdopts() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.signUpElsewhere(Key.wSecret)
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.setOnline(false)
        try sim.ring(.showOffer(ref: "#1"), .confirm)
        let entry = try #require(try sim.snapshot().pubkys.first)
        #expect(entry.homeserver == "" && entry.signedUp == false && entry.sourceApp == "to.bitkit.dev")
    }

    @Test func aStaleOfferNeverRelabelsOrConvertsAnExistingEntry() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.ring(.showOffer(ref: "#1"))
        // Meanwhile the store gained an owned entry for the same key (another process imported it).
        let sandbox = Sandbox(world: sim.world, app: .ring)
        var store = try #require(try sandbox.load(RingStore.self, RingStore.document))
        store.entries.append(PubkyEntry.owned(Key.w, name: "Mine"))
        try sandbox.save(store, RingStore.document)
        let screen = try sim.ring(.confirm)
        #expect(screen.toasts.isEmpty)
        let entry = try #require(try sim.snapshot().pubkys.first)
        #expect(entry.name == "Mine" && entry.sourceApp == nil)
        #expect(try sim.snapshot().pubkys.count == 1)
    }

    @Test func aRecordWithAMalformedSecretCanStillBeAdopted() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.bitkitPublish(Key.w, value: "not hex")
        try sim.ring(.showOffer(ref: "#1"), .confirm)
        #expect(try sim.snapshot().pubkys.map(\.sourceApp) == ["to.bitkit.dev"])
    }

    @Test func signUpIsRefusedForAnAdoptedPubkyWithoutTouchingAnything() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.ring(.showOffer(ref: "#1"), .confirm)
        let journalBefore = try sim.journal().count
        let screen = try sim.ring(.signUp(ref: "#1", RingSignUp()))
        #expect(
            screen.toasts.map(\.text) == ["error · Error · Homeserver actions are not available for a Bitkit pubky."])
        let after = try sim.journal().dropFirst(journalBefore)
        #expect(after.contains { $0.event == "backend" } == false)
        #expect(after.contains { $0.event == "keychain" && $0.data == true } == false)
        #expect(try sim.snapshot().pubkys.first?.signedUp == false)
    }

    @Test func anAdoptedDetailHasNoBackupAndItsEditSheetOnlyTheName() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.ring(.showOffer(ref: "#1"), .confirm)
        let detail = try sim.ring(.open(ref: "#1"))
        #expect(
            detail.buttons.map(\.id) == [
                "SimPubkyDetailEditButton", "PubkyDetailShareButton", "PubkyDetailDeleteButton", "AppHeaderBackButton",
            ])
        #expect(detail.rows.first?.pills == ["Bitkit pubky"])
        let sheet = try #require(try sim.ring(.edit(ref: "#1")).sheet)
        #expect(sheet.title == "Edit aihfh...na3iy")
        #expect(sheet.rows.map(\.id) == ["EditPubkyNameInput"])
        #expect(throws: RingAppError.self) { try sim.ring(.openBackup(ref: "#1")) }
        #expect(throws: RingAppError.self) { try sim.ring(.showRecoveryPhrase(ref: "#1")) }
    }

    @Test func renamingAnAdoptedPubkyTouchesOnlyRingsStore() throws {
        let sim = try RingTestWorld()
        try sim.ring(.finishOnboarding)
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.ring(.showOffer(ref: "#1"), .confirm)
        let journalBefore = try sim.journal().count
        try sim.ring(.edit(ref: "#1"), .saveEdit(name: "Wallet key"))
        let after = try sim.journal().dropFirst(journalBefore)
        #expect(after.contains { $0.event == "keychain" || $0.event == "backend" } == false)
        try sim.ring(.relaunch)
        #expect(try sim.snapshot().pubkys.first?.name == "Wallet key")
        #expect(try sim.sharedAccounts() == ["to.bitkit.dev:\(Key.w)"])
    }
}
