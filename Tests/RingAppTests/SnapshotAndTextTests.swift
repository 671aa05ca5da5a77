import AppSupport
import Foundation
import RingApp
import Testing

@Suite struct SnapshotAndTextTests {
    @Test func theStateJSONHasTheDocumentedShapeAndNoSecrets() throws {
        let sim = try RingTestWorld()
        try sim.ring(.importSecret(hex: Key.aSecret, name: "Alice"))
        try sim.ring(.signUp(ref: "Alice", RingSignUp()))
        try sim.bitkitPublish(secret: Key.wSecret)
        try sim.bitkitPublish(secret: Key.cSecret, sourceApp: "to.bitkit")
        try sim.ring(.showOffer(ref: Key.w), .confirm)
        let data = try JSONEncoder().encode(try sim.snapshot())
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for key in ["running", "onboarded", "route", "pubkys", "offers", "privateItems", "toasts"] {
            #expect(json[key] != nil, "missing \(key)")
        }
        let pubkys = try #require(json["pubkys"] as? [[String: Any]])
        #expect(
            Set(pubkys[0].keys) == [
                "pubky", "name", "displayName", "homeserver", "signedUp", "signupToken", "isBackedUp",
                "backupPreference",
                "sourceApp", "sessions",
            ])
        #expect(pubkys[0]["sourceApp"] is NSNull, "owned pubkys carry sourceApp null")
        #expect(pubkys[1]["sourceApp"] as? String == "to.bitkit.dev")
        #expect(pubkys[1]["displayName"] as? String == "pubky #2 (Bitkit)")
        let session = try #require((pubkys[0]["sessions"] as? [[String: Any]])?.first)
        #expect(Set(session.keys) == ["id", "capabilities", "createdAt"])
        let offers = try #require(json["offers"] as? [[String: Any]])
        #expect(offers.map { $0["name"] as? String } == ["pubky #3 (Bitkit)"])
        #expect(Set(offers[0].keys) == ["pubky", "sourceApp", "name"])
        let items = try #require(json["privateItems"] as? [String])
        #expect(items == items.sorted() && items.contains(Key.a) && items.count == 2)
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains(Key.aSecret) && !text.contains(Key.wSecret))
    }

    @Test func assumedTextsArePinned() {
        #expect(
            RingTexts.homeserverRefusedToast.text
                == "error · Error · Homeserver actions are not available for a Bitkit pubky.")
        #expect(
            RingTexts.offlineToast.text
                == "error · Currently Offline · You need to be online to authorize with Pubky Ring")
        #expect(RingTexts.noPubkys.type == .error && RingTexts.noSetupPubkys.type == .error)
        #expect(RingTexts.copied.text == "info · Pubky copied to clipboard")
        #expect(
            RingTexts.saveFailed("Keychain error -25308").text
                == "error · Failed to save pubky to keychain · Keychain error -25308")
        #expect(RingTexts.signupSuccessful.text == "success · Signup Successful · Your new Pubky has been created")
        #expect(RingTexts.adoptFailed.text == "error · Error · This pubky could not be used in Pubky Ring.")
        #expect(RingTexts.wipeFailed.text == "error · Error · Failed to reset keychain value")
        #expect(RingTexts.bitkitName(count: 0) == "pubky #1 (Bitkit)")
        #expect(RingHomeservers.resolve("staging") == Key.hs)
        #expect(RingHomeservers.resolve("production") == "8um71us3fyw6h8wbcxb5ar3rwusy1a6u49956ikzojg3gcwd1dty")
        #expect(RingHomeservers.resolve("nope") == nil)
    }

    @Test func aNotRunningRingRendersNoScreen() throws {
        let sim = try RingTestWorld()
        let screen = try sim.ring(.kill)
        #expect(screen.route == "none")
        #expect(try sim.snapshot().running == false)
    }
}
