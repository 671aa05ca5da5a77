import AppSupport
import BitkitApp
import ContractNames
import Foundation
import Testing

@Suite struct StateTests {
    private func json(_ value: some Encodable) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func theStateDumpHasEveryDocumentedKeyAndNullsForAbsentValues() throws {
        let world = try TestWorld()
        try world.baseline()
        let object = try json(try world.state())
        for key in [
            "running", "installed", "wallet", "paykitUI", "profileIntroSeen", "installMarker", "identity",
            "privateKeychain", "session", "reference", "defaults", "route", "stack", "sheet", "toasts",
        ] {
            #expect(object.keys.contains(key), "missing \(key)")
        }
        let installed = try #require(object["installed"] as? [String: Any])
        #expect(installed["network"] as? String == "regtest")
        #expect(installed["ownPrefix"] as? String == "to.bitkit.dev")
        #expect(installed["privateGroup"] as? String == "KYH47R284B.to.bitkit.regtest")
        let identity = try #require(object["identity"] as? [String: Any])
        for key in [
            "kind", "authState", "publicKey", "isInitialized", "initializationErrorMessage", "sessionRestorationFailed",
            "adoptedSourceLost", "isProfileSetupPending", "isAdoptingRingIdentity", "cachedName", "cachedImageUri",
            "profile",
        ] {
            #expect(identity.keys.contains(key), "missing identity.\(key)")
        }
        #expect(identity["kind"] as? String == "NONE")
        #expect(identity["publicKey"] is NSNull)
        #expect(object["session"] is NSNull)
        #expect(object["reference"] is NSNull)
        let keys = try #require(object["privateKeychain"] as? [String: Bool])
        #expect(Set(keys.keys) == ["bip39_mnemonic_0", "bip39_passphrase_0", "pubky_secret_key", "paykit_session"])
        #expect(object["stack"] as? [String] == ["home"])
    }

    @Test func theStateDumpNeverContainsASecret() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        try world.send(.save)
        let data = try JSONEncoder().encode(try world.state())
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains(Fixture.wSecret))
        #expect(!text.contains("abandon"))
        let session = try #require(try world.privateItems()["paykit_session"])
        #expect(!text.contains(String(session.dropFirst(Fixture.w.count + 1))))
        #expect(text.contains("\"OWNED\""))
    }

    @Test func aKilledAppIsNotRunningAndItsStoresStay() throws {
        let world = try TestWorld()
        try world.baseline()
        let outcome = try world.outcome(.kill)
        #expect(outcome.screen == nil)
        let state = try world.state()
        #expect(!state.running)
        #expect(state.route == nil)
        #expect(state.stack.isEmpty)
        #expect(state.wallet)
        #expect(state.paykitUI)
    }

    @Test func anyTapOnAStoppedAppLaunchesItFirst() throws {
        let world = try TestWorld()
        try world.baseline()
        _ = try world.outcome(.kill)
        let screen = try world.send(.open(.settings))
        #expect(screen.stack == ["home", "settings"])
        let lifecycle = try world.journal(event: "lifecycle").compactMap(\.op)
        #expect(lifecycle.suffix(2) == ["kill", "launch"])
    }

    @Test func navigationAndToastsAreJournalled() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.send(.open(.settings))
        #expect(try world.journal(event: "navigation").last?.detail == "home > settings")
        try world.send(.scan("pubkyauth://nope"))
        #expect(try world.journal(event: "toast").last?.detail == "error · Invalid auth request")
    }

    @Test func routesParseFromTheirCommandLineSpellings() {
        #expect(BitkitRoute(argument: "pay-contacts") == .payContacts)
        #expect(BitkitRoute(argument: "contact-import-overview") == .contactImportOverview)
        #expect(BitkitRoute(argument: "pubkyChoice") == .pubkyChoice)
        #expect(BitkitRoute(argument: "nowhere") == nil)
        #expect(BitkitRoute.contactSaved.argument == "contact-saved")
        #expect(BitkitRoute.allCases.allSatisfy { BitkitRoute(argument: $0.argument) == $0 })
    }

    @Test func theReferenceNeedsBothKeysAndClearingRemovesBoth() {
        var defaults = BitkitDefaults(values: ["adoptedPubkyPubky": .string(Fixture.a)])
        #expect(defaults.reference == nil)
        defaults.reference = AdoptedReference(sourceApp: "app.pubkyring", pubky: Fixture.a)
        #expect(defaults.reference?.pubky == Fixture.a)
        defaults.reference = nil
        #expect(defaults.values["adoptedPubkySourceApp"] == nil)
        #expect(defaults.values["adoptedPubkyPubky"] == nil)
    }

    @Test func everyCheckpointIsNamedForBitkitAndListedOnce() {
        let names = BitkitCheckpoint.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.hasPrefix("bitkit.") })
        for required in [
            "bitkit.pick.before-read", "bitkit.pick.before-sign-in", "bitkit.source-check.before-lookup",
            "bitkit.wipe.before-remove-own", "bitkit.source-check.before-remove-own",
        ] {
            #expect(names.contains(required))
        }
    }

    @Test func assumedTextsArePinned() {
        #expect(BitkitTexts.choiceCreateCaption == "NEW PUBKY")
        #expect(BitkitTexts.authenticationFailed("x") == "Authentication failed: x")
        #expect(BitkitTexts.scannerErrorTitle == "Unable To Interpret Provided Data")
        #expect(BitkitTexts.wipedTitle == "Wallet Data Deleted")
    }
}
