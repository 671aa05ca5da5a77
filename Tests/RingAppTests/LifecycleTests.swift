import AppSupport
import Foundation
import RingApp
import Testing

/// Ring's lifecycle on a world on disk: the records' keychain attributes, the journal and Ring's
/// private items. Its offer reloads run on a phone in memory (`LifecycleMemoryTests`).
@Suite struct LifecycleTests {
    @Test func aFreshRingStartsInOnboardingAndFinishingShowsTheEmptyHome() throws {
        let sim = try RingTestWorld()
        let onboarding = try sim.ring(.launch)
        #expect(onboarding.route == "onboarding")
        #expect(try sim.snapshot().onboarded == false)

        let home = try sim.ring(.finishOnboarding)
        #expect(home.route == "home")
        #expect(home.texts == ["Get started,\nadd a pubky."])
        #expect(home.buttons.map(\.id) == ["AddPubkyButton"])
        #expect(home.buttons.map(\.label) == ["Add pubky"])
        #expect(home.rows.isEmpty)
        #expect(home.toasts.isEmpty)
    }

    @Test func theFirstImportEndsOnboarding() throws {
        let sim = try RingTestWorld()
        let home = try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        #expect(home.route == "home")
        #expect(try sim.snapshot().onboarded == true)
    }

    @Test func launchPublishesEveryOwnedPubkyOnceButNeverAnAdoptedOne() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.ring(.showOffer(ref: "#1"), .confirm)
        // Someone removed Ring's record meanwhile: the next launch writes it again.
        _ = try sim.ringKeychain().delete(
            .init(service: "pubky.shared.v1", account: "app.pubkyring:\(Key.a)", accessGroup: "KYH47R284B.pubky.shared")
        )
        try sim.ring(.foreground)
        #expect(try sim.sharedAccounts() == ["to.bitkit.dev:\(Key.w)"], "foreground does not re-publish")

        try sim.ring(.kill)
        try sim.ring(.launch)
        #expect(try sim.sharedAccounts() == ["to.bitkit.dev:\(Key.w)", "app.pubkyring:\(Key.a)"])
        let record = try #require(try sim.sharedItem("app.pubkyring:\(Key.a)"))
        #expect(record.data == Array(Key.aSecret.utf8))
        #expect(record.accessibility == .whenUnlockedThisDeviceOnly)
        #expect(record.synchronizable == false)
        #expect(try sim.sharedItem("app.pubkyring:\(Key.w)") == nil)
    }

    @Test func killDropsTheMemoryButKeepsTheStore() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: "Alice"), .open(ref: "Alice"))
        #expect(try sim.snapshot().route == "detail")
        try sim.ring(.kill)
        let killed = try sim.snapshot()
        #expect(killed.running == false)
        #expect(killed.route == "none")
        #expect(killed.pubkys.map(\.name) == ["Alice"])
        let relaunched = try sim.ring(.relaunch)
        #expect(relaunched.route == "home")
        #expect(relaunched.stack == ["home"])
    }

    @Test func theJournalRecordsLifecycleNavigationAndToasts() throws {
        let sim = try RingTestWorld()
        try sim.ring(.launch)
        try sim.ring(.importSecret(hex: "zz", name: nil))
        let entries = try sim.journal().filter { $0.app == "ring" }
        #expect(entries.contains { $0.event == "lifecycle" && $0.op == "launch" })
        #expect(entries.contains { $0.event == "navigation" && $0.detail == "onboarding" })
        #expect(
            entries.contains {
                $0.event == "toast" && $0.detail?.hasPrefix("error · Error · Unrecognized format") == true
            })
    }
}

/// Ring's launch re-publish writes what Ring stores, unvalidated (spec/01 §11, spec/03 §3).
@Suite struct LaunchPublishTests {
    /// The shared record of A after Ring relaunches with `stored` as A's private value.
    private func publishedAfterRelaunch(storing stored: String) throws -> [UInt8]? {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        try sim.writePrivate(service: Key.a, value: Array(stored.utf8))
        try sim.ring(.relaunch)
        #expect(try sim.sharedAccounts() == ["app.pubkyring:\(Key.a)"])
        return try sim.sharedItem("app.pubkyring:\(Key.a)")?.data
    }

    @Test func aStoredSecretOfAnotherKeyIsPublishedAsIs() throws {
        let published = try publishedAfterRelaunch(storing: "{\"secretKey\":\"\(Key.bSecret)\",\"mnemonic\":\"\"}")
        #expect(published == Array(Key.bSecret.utf8))
    }

    @Test func aMalformedStoredSecretIsPublishedAsIs() throws {
        let malformed = String(repeating: "z", count: 64)
        let published = try publishedAfterRelaunch(storing: "{\"secretKey\":\"\(malformed)\",\"mnemonic\":\"\"}")
        #expect(published == Array(malformed.utf8))
    }

    @Test func aPrivateItemThatCannotBeDecodedIsNotPublished() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: nil))
        try sim.ring(.kill)
        try sim.ring().send(.launch)  // baseline: published
        _ = try sim.ringKeychain().delete(
            .init(service: "pubky.shared.v1", account: "app.pubkyring:\(Key.a)", accessGroup: "KYH47R284B.pubky.shared")
        )
        try sim.writePrivate(service: Key.a, value: Array("not json".utf8))
        try sim.ring(.relaunch)
        #expect(try sim.sharedAccounts().isEmpty)
    }
}
