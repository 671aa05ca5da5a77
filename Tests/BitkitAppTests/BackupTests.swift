import AppSupport
import BitkitApp
import Foundation
import Testing

@Suite struct BackupTests {
    @Test(arguments: [
        ("{\"pubkySession\":{\"kind\":\"localSeed\"}}", BackupDocument.Restore.session(.localSeed)),
        ("{\"pubkySession\":{\"kind\":\"externalSession\",\"sessionSecret\":\"x:y\"}}", .session(.externalSession)),
        ("{\"pubkySession\":null}", .none),
        ("{\"other\":1}", .none),
        ("{\"pubkySession\":{\"kind\":42}}", .undecodable("pubkySession.kind is not a string")),
        ("{\"pubkySession\":{\"kind\":\"futureKind\"}}", .undecodable("pubkySession.kind \"futureKind\" is unknown")),
        ("{\"pubkySession\":\"localSeed\"}", .undecodable("pubkySession is not an object")),
        ("{\"pubkySession\":{}}", .undecodable("pubkySession.kind is not a string")),
    ])
    func theDocumentDecodesAsSpecified(text: String, expected: BackupDocument.Restore) throws {
        #expect(try BackupDocument.restore(from: text) == expected)
    }

    @Test(arguments: ["", "not json", "[1,2]", "42", "{\"pubkySession\":"])
    func aDocumentThatIsNotAnObjectIsRefused(text: String) {
        #expect(throws: BackupDocument.DecodeError.self) { try BackupDocument.restore(from: text) }
    }

    @Test func snapshotsAreNoneForNothingLocalSeedForAnOwnKeyAndNoneForAPickedPubky() throws {
        let world = try TestWorld()
        try world.baseline()
        #expect(try world.app.backupSnapshot().jsonText == "{\"pubkySession\":null}")
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        try world.send(.save)
        let owned = try world.app.backupSnapshot()
        #expect(owned.jsonText == "{\"pubkySession\":{\"kind\":\"localSeed\"}}")
        #expect(!owned.jsonText.contains(Fixture.wSecret))
        try world.send(.disconnect(confirm: true))
        try world.ringImport(Fixture.aSecret)
        try world.ringSignUp(Fixture.aSecret)
        try world.send(.pick(.pubky(Fixture.a)))
        #expect(try world.app.backupSnapshot().pubkySession == nil)
    }

    /// R8(a): undecodable Pubky sessions keep every credential.
    @Test func undecodableSessionsLeaveTheCredentialsAndTheRecord() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        try world.send(.save)
        let before = try world.privateItems()
        for text in ["{\"pubkySession\":{\"kind\":42}}", "{\"pubkySession\":{\"kind\":\"futureKind\"}}"] {
            let outcome = try world.outcome(.restoreBackup(text))
            #expect(outcome.notices.count == 1)
            #expect(outcome.screen?.toasts.isEmpty == true)
        }
        let refused = try world.send(.restoreBackup("garbage"))
        #expect(refused.toasts.map(\.title) == ["Backup Restore Failed"])
        #expect(try world.privateItems() == before)
        #expect(try world.sharedAccounts() == ["to.bitkit.dev:\(Fixture.w)"])
        try world.send(.relaunch)
        #expect(try world.state().identity.publicKey == "pubky\(Fixture.w)")
    }

    /// R8(b): a legacy relay session restores without identity; the key can be picked again.
    @Test func aLegacyExternalSessionRestoresWithoutIdentityAndNeverSendsItsSecret() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        try world.send(.save)
        try world.ringImport(Fixture.aSecret)
        try world.ringSignUp(Fixture.aSecret)
        let backendBefore = try world.journal(event: "backend").count
        try world.send(
            .restoreBackup(
                "{\"pubkySession\":{\"kind\":\"externalSession\",\"sessionSecret\":\"\(Fixture.a):SECRET\"}}"))
        #expect(try world.journal(event: "backend").count == backendBefore)
        let items = try world.privateItems()
        #expect(items["paykit_session"] == nil)
        #expect(items["pubky_secret_key"] == nil)
        #expect(try world.sharedAccounts() == ["app.pubkyring:\(Fixture.a)"])
        let relaunch = try world.send(.relaunch)
        #expect(relaunch.toasts.isEmpty)
        #expect(try world.state().identity.publicKey == nil)
        let choice = try world.send(.open(.profile))
        #expect(choice.rows.map(\.caption) == ["TKRQ...P7QY"])
        #expect(try world.send(.pick(.index(1))).route == "createProfile")
    }

    @Test func localSeedReDerivesWAndSignsIn() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        try world.send(.save)
        try world.send(.restoreBackup("{\"pubkySession\":null}"))
        #expect(try world.state().identity.kind == .none)
        try world.send(.restoreBackup("{\"pubkySession\":{\"kind\":\"localSeed\"}}"))
        let state = try world.state()
        #expect(state.identity.kind == .owned)
        #expect(state.identity.authState == .authenticated)
        #expect(try world.privateItems()["pubky_secret_key"] == Fixture.wSecret)
        #expect(state.session?.pubky == Fixture.w)
    }

    @Test func localSeedWithoutAnAccountReportsTheSignInFailureButKeepsTheKey() throws {
        let world = try TestWorld()
        try world.baseline()
        let screen = try world.send(.restoreBackup("{\"pubkySession\":{\"kind\":\"localSeed\"}}"))
        #expect(screen.toasts.first?.description?.hasPrefix("Authentication failed: ") == true)
        #expect(try world.privateItems()["pubky_secret_key"] == Fixture.wSecret)
        #expect(try world.privateItems()["paykit_session"] == nil)
    }

    @Test func aRestoreNeverChangesTheReference() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.aSecret)
        try world.ringSignUp(Fixture.aSecret)
        try world.send(.pick(.pubky(Fixture.a)))
        try world.send(.restoreBackup("{\"pubkySession\":null}"))
        #expect(try world.state().reference?.pubky == Fixture.a)
    }
}
