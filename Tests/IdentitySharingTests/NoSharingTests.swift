import IdentitySharing
import Testing

/// A build without sharing code (Bitkit before the shared keychain) runs on a platform's rules but
/// lists, reads and writes nothing.
@Suite struct NoSharingTests {
    let a = "tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy"

    @Test func aBuildWithoutSharingReadsWritesAndReportsNothing() {
        let none = NoSharing(ownSourceApp: "to.bitkit", policy: .iOS)
        #expect(none.listPeers() == .listed([]))
        #expect(none.presence(of: SharedIdentity(pubky: a, sourceApp: "app.pubkyring")) != .absent)
        #expect(none.readSecret(SharedIdentity(pubky: a, sourceApp: "app.pubkyring")).secret == nil)
        #expect(none.offer(pubky: a, secret: String(repeating: "01", count: 32), between: {}) == .done)
        #expect(none.withdrawAll { _ in Issue.record("nothing to withdraw") }.tried.isEmpty)
    }

    @Test func itKeepsThePlatformsRulesItRunsOn() {
        #expect(NoSharing(ownSourceApp: "to.bitkit", policy: .android).policy == .android)
        #expect(NoSharing(ownSourceApp: "to.bitkit", policy: .iOS).policy.lockGatesReads)
    }
}
