import AppSupport
import Foundation
import Keychain
import RingApp
import Testing

@Suite struct DeletionTests {
    @Test func deletingAnOwnedPubkyUnpublishesItThenRemovesEntryKeyAndSessions() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil), .importSecret(hex: Key.bSecret, name: nil))
        try sim.writePrivate(
            service: "pubky-session:\(Key.a):11111111-1111-5111-8111-111111111111", value: Array("s".utf8))
        let sheet = try #require(try sim.ring(.delete(ref: Key.a)).sheet)
        #expect(sheet.id == "delete-pubky")
        #expect(sheet.title == "Delete Pubky")
        #expect(sheet.texts == ["Do you want to delete this pubky?"])
        #expect(sheet.buttons.map(\.id) == ["DeletePubkyCancelButton", "DeletePubkyConfirmButton"])
        #expect(sheet.buttons.map(\.label) == ["Cancel", "Delete"])
        let journalBefore = try sim.journal().count
        let screen = try sim.ring(.confirm)
        #expect(screen.route == "home" && screen.sheet == nil && screen.toasts.isEmpty)
        #expect(try sim.snapshot().pubkys.map(\.pubky) == [Key.b])
        #expect(try sim.sharedAccounts() == ["app.pubkyring:\(Key.b)"])
        #expect(try sim.privateItems().map(\.service) == [Key.b])
        let ops = try sim.journal().dropFirst(journalBefore).filter {
            $0.event == "keychain" || $0.event == "navigation"
        }
        let removed = try #require(ops.firstIndex { $0.op == "delete" && $0.account == "app.pubkyring:\(Key.a)" })
        let home = try #require(ops.lastIndex { $0.event == "navigation" && $0.detail == "home" })
        #expect(home < removed, "Home shows before the deletion runs")
    }

    @Test func aFailedUnpublishAbortsTheDeletion() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        try sim.fault(.delete, account: "app.pubkyring:*", status: OSStatus(-25308))
        let screen = try sim.ring(.delete(ref: "#1"), .confirm)
        #expect(
            screen.toasts.map(\.text) == [
                "error · Failed to delete Pubky · An error occurred while deleting the Pubky."
            ])
        #expect(try sim.snapshot().pubkys.map(\.pubky) == [Key.a])
        #expect(try sim.privateItems().map(\.service) == [Key.a])
        #expect(try sim.sharedAccounts() == ["app.pubkyring:\(Key.a)"])
        try sim.clearFaults()
        #expect(try sim.ring(.delete(ref: "#1"), .confirm).toasts.isEmpty, "a retry works")
        #expect(try sim.snapshot().pubkys.isEmpty)
    }

    @Test func aPrivateKeychainFailureAfterUnpublishIsReported() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        try sim.fault(.delete, group: .ringPrivate, account: Key.a, status: OSStatus(-61))
        let screen = try sim.ring(.delete(ref: "#1"), .confirm)
        #expect(screen.toasts.map(\.text) == ["error · Failed to delete Pubky · Keychain error -61"])
        #expect(try sim.snapshot().pubkys.isEmpty)
        #expect(try sim.sharedAccounts().isEmpty)
    }

    @Test func removingAnAdoptedPubkyDropsTheReferenceOnlyAndOffersItAgain() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil), .importSecret(hex: Key.bSecret, name: nil))
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.ring(.showOffer(ref: "#1"), .confirm)
        try sim.writePrivate(
            service: "pubky-session:\(Key.w):22222222-2222-5222-8222-222222222222", value: Array("s".utf8))
        let sheet = try #require(try sim.ring(.delete(ref: Key.w)).sheet)
        #expect(sheet.title == "Remove pubky")
        #expect(sheet.texts == ["Do you want to remove this pubky from Pubky Ring? It will remain in Bitkit."])
        #expect(sheet.buttons.map(\.label) == ["Cancel", "Delete"])
        let journalBefore = try sim.journal().count
        let home = try sim.ring(.confirm)
        #expect(home.toasts.isEmpty, "no prune toast")
        #expect(home.rows.map(\.title) == ["pubky #1", "pubky #2", "pubky #3 (Bitkit)"])
        #expect(home.rows.last?.id == "ExternalPubkyBox-0")
        #expect(try sim.sharedItem("to.bitkit.dev:\(Key.w)")?.data == Array(Key.wSecret.utf8))
        #expect(try sim.privateItems().map(\.service) == [Key.a, Key.b])
        let deletes = try sim.journal().dropFirst(journalBefore).filter { $0.op == "delete" }
        #expect(!deletes.isEmpty)
        #expect(deletes.allSatisfy { $0.group == "KYH47R284B.app.pubkyring" })
    }

    @Test func cancelKeepsThePubky() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        let screen = try sim.ring(.delete(ref: "#1"), .cancel)
        #expect(screen.route == "detail" && screen.sheet == nil)
        #expect(try sim.snapshot().pubkys.count == 1)
    }
}
