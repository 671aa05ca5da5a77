import AppSupport
import Foundation
import Keychain
import RingApp
import Testing

@Suite struct WipeTests {
    private func prepared() throws -> RingTestWorld {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil), .importSecret(hex: Key.bSecret, name: nil))
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.bitkitPublish(secret: Key.cSecret, sourceApp: "to.bitkit")
        try sim.ring(.showOffer(ref: Key.w), .confirm)
        try sim.writePrivate(
            service: "pubky-session:\(Key.a):33333333-3333-5333-8333-333333333333", value: Array("s".utf8))
        return sim
    }

    @Test func theWipeAlertHasTheExactTexts() throws {
        let sim = try prepared()
        let screen = try sim.ring(.openWipe)
        #expect(screen.route == "settings")
        #expect(screen.buttons.map(\.label) == ["Wipe Pubky Ring", "Back"])
        let sheet = try #require(screen.sheet)
        #expect(sheet.title == "Are you sure?")
        #expect(sheet.texts == ["This action will erase all Pubky Ring data and cannot be undone."])
        #expect(sheet.buttons.map(\.label) == ["No", "Yes"])
        #expect(try sim.ring(.cancel).sheet == nil)
        #expect(try sim.snapshot().pubkys.count == 3)
    }

    @Test func wipeRemovesRingsRecordsItemsAndStoreButNeverBitkitsRecords() throws {
        let sim = try prepared()
        let journalBefore = try sim.journal().count
        let screen = try sim.ring(.openWipe, .confirm)
        #expect(screen.route == "onboarding")
        #expect(screen.toasts.isEmpty)
        #expect(try sim.sharedAccounts() == ["to.bitkit.dev:\(Key.w)", "to.bitkit:\(Key.c)"])
        #expect(try sim.sharedItem("to.bitkit.dev:\(Key.w)")?.data == Array(Key.wSecret.utf8))
        #expect(try sim.privateItems().isEmpty)
        let snapshot = try sim.snapshot()
        #expect(snapshot.pubkys.isEmpty && snapshot.onboarded == false && snapshot.offers.isEmpty)
        let deletes = try sim.journal().dropFirst(journalBefore).filter {
            $0.op == "delete" && $0.group == "KYH47R284B.pubky.shared"
        }
        #expect(deletes.map(\.account) == ["app.pubkyring:\(Key.a)", "app.pubkyring:\(Key.b)"])
    }

    @Test func aRecordThatCannotBeRemovedAbortsTheWholeWipe() throws {
        let sim = try prepared()
        try sim.fault(.delete, account: "app.pubkyring:\(Key.b)", status: OSStatus(-25308))
        let screen = try sim.ring(.openWipe, .confirm)
        #expect(screen.toasts.map(\.text) == ["error · Error · Failed to reset keychain value"])
        #expect(screen.route == "settings" && screen.sheet == nil)
        let snapshot = try sim.snapshot()
        #expect(snapshot.pubkys.map(\.pubky) == [Key.a, Key.b, Key.w])
        #expect(snapshot.onboarded)
        #expect(try sim.privateItems().count == 3)
        #expect(try sim.sharedAccounts().contains("to.bitkit.dev:\(Key.w)"))
    }

    @Test func aListingFailureAbortsTheWipeBeforeAnyDeletion() throws {
        let sim = try prepared()
        try sim.setProtection(.locked)
        let screen = try sim.ring(.openWipe, .confirm)
        #expect(screen.toasts.map(\.text) == ["error · Error · Failed to reset keychain value"])
        try sim.setProtection(.unlocked)
        #expect(try sim.sharedAccounts().filter { $0.hasPrefix("app.pubkyring:") }.count == 2)
        #expect(try sim.snapshot().pubkys.count == 3)
    }

    @Test func aReinstalledRingFindsNothingAndLeavesOldRecordsUntilAWipe() throws {
        let sim = try prepared()
        try FileManager.default.removeItem(at: sim.world.sandbox(.ring))
        let screen = try sim.ring(.launch)
        #expect(screen.route == "onboarding")
        #expect(try sim.sharedAccounts().filter { $0.hasPrefix("app.pubkyring:") }.count == 2)
        try sim.ring(.openWipe, .confirm)
        #expect(try sim.sharedAccounts().filter { $0.hasPrefix("app.pubkyring:") }.isEmpty)
    }
}
