import AppSupport
import Device
import Foundation
import Keychain
import RingApp
import Testing

/// Adoption on a world on disk: a store changed by another process meanwhile, and the runtime's
/// usage errors. The rest runs on a phone in memory (`AdoptionMemoryTests`).
@Suite struct AdoptionTests {
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
}
