import AndroidPlatform
import ContractNames
import Foundation
import IdentitySharing
import PubkyCrypto
import Testing

/// Ring's provider `app.pubkyring.sharedpubky` (spec/07 §3) over a real `shared_pubky` store.
@Suite(.enabled(if: AESGCM.isAvailable)) struct RingSharedPubkyProviderTests {
    typealias F = AndroidFixture

    private func query(_ device: F, _ path: String, trusted: Bool = true) throws(ProviderException) -> ProviderAnswer {
        try RingSharedPubkyProvider(store: device.store).query(path: path, callerTrusted: trusted)
    }

    @Test func theIdentitiesPathHasOnePubkyRowPerEntryInCreationOrder() throws {
        let device = F()
        try device.store.set(pubky: F.b, secret: F.bSecret)
        try device.store.set(pubky: F.a, secret: F.aSecret)
        try device.store.set(pubky: F.b, secret: F.bSecret)
        #expect(try query(device, F.identities) == .rows([.pubky(F.b), .pubky(F.a)]))
    }

    @Test func anEmptyOrMissingStoreIsAnEmptyCursorNotANullOne() throws {
        let device = F()
        #expect(try query(device, F.identities) == .rows([]))
        #expect(try query(device, F.credential(F.a)) == .rows([]))
        try device.store.set(pubky: F.a, secret: F.aSecret)
        try device.store.removeAll()
        #expect(try query(device, F.identities) == .rows([]))
    }

    @Test func theCredentialPathServesTheEntryOfExactlyThatPubky() throws {
        let device = F()
        try device.store.set(pubky: F.a, secret: F.aSecret)
        try device.store.set(pubky: F.b, secret: F.bSecret)
        #expect(try query(device, F.credential(F.a)) == .rows([.credential(F.a, F.aSecret)]))
        #expect(try query(device, F.credential(F.b)) == .rows([.credential(F.b, F.bSecret)]))
        #expect(try query(device, F.credential(F.c)) == .rows([]))
        // Never normalised: a prefixed or upper-case path names another entry.
        #expect(try query(device, F.credential("pubky" + F.a)) == .rows([]))
        #expect(try query(device, F.credential(F.a.uppercased())) == .rows([]))
    }

    @Test func anUndecryptableEntryIsListedButItsCredentialIsEmpty() throws {
        let device = F()
        try device.store.set(pubky: F.a, secret: F.aSecret)
        try device.store.set(pubky: F.b, secret: F.bSecret)
        try device.store.overwrite(pubky: F.a, value: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
        #expect(try query(device, F.identities) == .rows([.pubky(F.a), .pubky(F.b)]))
        #expect(try query(device, F.credential(F.a)) == .rows([]))
        #expect(try query(device, F.credential(F.b)) == .rows([.credential(F.b, F.bSecret)]))
    }

    /// Nothing validated: a wrong-length, upper-case or another key's secret is served as stored.
    @Test(arguments: [
        "0101", AndroidFixture.wSecret.uppercased(), AndroidFixture.bSecret, AndroidFixture.aSecret + "\n",
    ])
    func aStoredSecretIsServedAsItIs(secret: String) throws {
        let device = F()
        try device.store.set(pubky: F.a, secret: secret)
        #expect(try query(device, F.credential(F.a)) == .rows([.credential(F.a, secret)]))
    }

    @Test(arguments: [
        "", "v1", "v1/identities/", "v1/identities/\(AndroidFixture.a)",
        "v1/identities/\(AndroidFixture.a)/credential/", "v1/identities/a/b/credential", "v1/identity",
    ])
    func anUnknownPathIsANullCursor(path: String) throws {
        let device = F()
        try device.store.set(pubky: F.a, secret: F.aSecret)
        #expect(try query(device, path) == .null)
    }

    @Test func anUntrustedCallerGetsRingsSecurityExceptionOnEveryPath() throws {
        let device = F()
        try device.store.set(pubky: F.a, secret: F.aSecret)
        for path in [F.identities, F.credential(F.a), "nowhere"] {
            #expect(throws: ProviderException.security("Caller is not signed with the Pubky Ring certificate")) {
                try query(device, path, trusted: false)
            }
        }
    }

    @Test func aMalformedStoreFileMakesTheProviderThrowItsMessage() throws {
        let device = F()
        try device.store.set(pubky: F.a, secret: F.aSecret)
        try Data("not json".utf8).write(to: device.storeFile)
        for path in [F.identities, F.credential(F.a)] {
            #expect {
                try query(device, path)
            } throws: { error in
                let exception = error as? ProviderException
                return exception?.kind == "IllegalStateException"
                    && exception?.message.hasPrefix("shared_pubky.json is malformed") == true
            }
        }
        #expect(try Data(contentsOf: device.storeFile) == Data("not json".utf8))
    }

    @Test func aWriteIsSeenByTheNextQuery() throws {
        let device = F()
        let provider = RingSharedPubkyProvider(store: device.store)
        #expect(try provider.query(path: F.identities, callerTrusted: true) == .rows([]))
        try device.store.set(pubky: F.a, secret: F.aSecret)
        #expect(try provider.query(path: F.identities, callerTrusted: true) == .rows([.pubky(F.a)]))
        try device.store.remove(pubky: F.a)
        #expect(try provider.query(path: F.credential(F.a), callerTrusted: true) == .rows([]))
    }
}
