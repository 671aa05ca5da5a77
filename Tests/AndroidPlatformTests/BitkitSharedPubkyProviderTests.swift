import AndroidPlatform
import ContractNames
import IdentitySharing
import PubkyCrypto
import Synchronization
import Testing

/// Bitkit's provider (spec/07 §2), queried directly as the system runs it for a caller it let in.
@Suite struct BitkitSharedPubkyProviderTests {
    typealias F = AndroidFixture

    /// A provider over `PUBKY_SECRET_KEY` = `key`, in a fresh device.
    private func provider(_ key: F.StoredKey) -> (F, BitkitSharedPubkyProvider) {
        let device = F()
        device.setKey("to.bitkit.dev", key)
        return (device, device.bitkitProvider("to.bitkit.dev"))
    }

    @Test func aValidKeyIsServedAsOneBareRowOnTheIdentitiesPath() throws {
        let (_, provider) = provider(.stored(F.wSecret))
        let answer = try provider.query(path: F.identities, callerTrusted: true)
        #expect(answer == .rows([ProviderRow([AndroidContract.columnPubky: F.w])]))
    }

    @Test func theCredentialPathServesPubkyAndSecretWhenItNamesWBareOrPubkyPrefixed() throws {
        let (_, provider) = provider(.stored(F.wSecret))
        let expected = ProviderAnswer.rows([.credential(F.w, F.wSecret)])
        #expect(try provider.query(path: F.credential(F.w), callerTrusted: true) == expected)
        // The row names W bare even when the path is prefixed.
        #expect(try provider.query(path: F.credential("pubky" + F.w), callerTrusted: true) == expected)
    }

    @Test(arguments: [
        AndroidFixture.a, "pubky" + AndroidFixture.a, AndroidFixture.w.uppercased(), "pubky:" + AndroidFixture.w,
        AndroidFixture.w + "x", String(AndroidFixture.w.dropLast()), "pubkypubky" + AndroidFixture.w,
    ])
    func theCredentialPathOfAnyOtherPubkyIsAnEmptyCursor(requested: String) throws {
        let (_, provider) = provider(.stored(F.wSecret))
        #expect(try provider.query(path: F.credential(requested), callerTrusted: true) == .rows([]))
    }

    @Test func aFailingLoadIsANullCursorOnBothPaths() throws {
        let (device, provider) = provider(.failing)
        #expect(try provider.query(path: F.identities, callerTrusted: true) == .null)
        #expect(try provider.query(path: F.credential(F.w), callerTrusted: true) == .null)
        #expect(device.takeLoads() == ["to.bitkit.dev", "to.bitkit.dev"])
    }

    @Test(arguments: [
        F.StoredKey.absent, .stored(""), .stored("   "), .stored("\n"),
    ])
    func anAbsentOrBlankKeyIsAnEmptyCursorOnBothPaths(key: F.StoredKey) throws {
        let (_, provider) = provider(key)
        #expect(try provider.query(path: F.identities, callerTrusted: true) == .rows([]))
        #expect(try provider.query(path: F.credential(F.w), callerTrusted: true) == .rows([]))
    }

    /// Not `[0-9a-f]{64}` as a whole (spec/01 §4's examples): an empty cursor, never a row.
    @Test(arguments: [
        String(AndroidFixture.wSecret.dropLast(2)), AndroidFixture.wSecret.uppercased(),
        String(repeating: "z", count: 64), AndroidFixture.wSecret + "\n", " " + AndroidFixture.wSecret,
        AndroidFixture.wSecret + "00", "0x" + String(AndroidFixture.wSecret.dropLast(2)),
    ])
    func aKeyThatIsNot64LowercaseHexIsAnEmptyCursorOnBothPaths(secret: String) throws {
        let (_, provider) = provider(.stored(secret))
        #expect(try provider.query(path: F.identities, callerTrusted: true) == .rows([]))
        #expect(try provider.query(path: F.credential(F.w), callerTrusted: true) == .rows([]))
    }

    @Test(arguments: [
        "", "v1", "v1/identities/", "v1/identities/\(AndroidFixture.w)",
        "v1/identities/\(AndroidFixture.w)/credential/extra", "v1/identities//credential",
        "v1/identities/a/b/credential", "v2/identities", "/v1/identities",
    ])
    func anUnknownPathIsANullCursorWithoutLoadingTheKey(path: String) throws {
        let (device, provider) = provider(.stored(F.wSecret))
        #expect(try provider.query(path: path, callerTrusted: true) == .null)
        #expect(device.takeLoads() == [])
    }

    @Test func anUntrustedCallerGetsSecurityExceptionBeforeTheKeyIsLoaded() {
        let (device, provider) = provider(.stored(F.wSecret))
        for path in [F.identities, F.credential(F.w), "v9/unknown"] {
            #expect(throws: ProviderException.security("Caller signature mismatch")) {
                try provider.query(path: path, callerTrusted: false)
            }
        }
        #expect(device.takeLoads() == [])
    }

    @Test func theKeyIsLoadedAtEveryQuerySoAChangeIsServedAtOnce() throws {
        let (device, provider) = provider(.stored(F.wSecret))
        #expect(try provider.query(path: F.identities, callerTrusted: true).rows == [.pubky(F.w)])
        device.setKey("to.bitkit.dev", .stored(F.aSecret))
        #expect(try provider.query(path: F.identities, callerTrusted: true).rows == [.pubky(F.a)])
        #expect(try provider.query(path: F.credential(F.w), callerTrusted: true) == .rows([]))
        device.setKey("to.bitkit.dev", .absent)
        #expect(try provider.query(path: F.identities, callerTrusted: true) == .rows([]))
        #expect(device.takeLoads().count == 4)
    }

    @Test func eachServeLogsARedactedLineAndAnEmptyAnswerLogsNothing() throws {
        let device = F()
        let lines = Mutex<[String]>([])
        let provider = device.bitkitProvider("to.bitkit", log: { line in lines.withLock { $0.append(line) } })
        device.setKey("to.bitkit", .stored(F.wSecret))
        _ = try provider.query(path: F.identities, callerTrusted: true)
        _ = try provider.query(path: F.credential(F.w), callerTrusted: true)
        _ = try provider.query(path: F.credential(F.a), callerTrusted: true)
        device.setKey("to.bitkit", .stored("00"))
        _ = try provider.query(path: F.identities, callerTrusted: true)
        #expect(lines.withLock { $0 } == ["Served shared pubky '<redacted>'", "Served shared pubky '<redacted>'"])
    }

    @Test func aSecretDerivedWithPubkyCryptoIsServedAsItsOwnPubky() throws {
        let (_, provider) = provider(.stored(F.cSecret))
        #expect(try provider.query(path: F.identities, callerTrusted: true).rows == [.pubky(F.c)])
        #expect(
            try provider.query(path: F.credential(F.c), callerTrusted: true).rows == [.credential(F.c, F.cSecret)])
    }
}
