import AndroidPlatform
import ContractNames
import IdentitySharing
import PubkyCrypto
import Testing

/// The package manager and resolver of spec/07 §1.3–§1.4: resolution, the system's signature
/// permission check, faults, and the `pass` and `record` hooks around each call.
@Suite struct ContentResolverTests {
    typealias F = AndroidFixture
    static let dev = "to.bitkit.dev"
    static let devAuthority = "to.bitkit.dev.sharedpubky"
    static let devPermission = "to.bitkit.dev.permission.READ_SHARED_PUBKY"

    // MARK: Trust

    @Test func anAuthorityIsTrustedOnlyWhenItResolvesToTheNamedSameSignedPackageWithAProvider() {
        let device = F()
        let ring = device.resolver(caller: F.ring)
        #expect(!ring.isTrusted(Self.devAuthority, package: Self.dev))
        device.installBitkit(Self.dev)
        #expect(ring.isTrusted(Self.devAuthority, package: Self.dev))
        #expect(!ring.isTrusted(Self.devAuthority, package: "to.bitkit"))
        device.installBitkit(Self.dev, certificate: F.release)
        #expect(!ring.isTrusted(Self.devAuthority, package: Self.dev))
        device.install(Self.dev, provider: nil)
        #expect(!ring.isTrusted(Self.devAuthority, package: Self.dev))
    }

    @Test func anImpostorClaimingRingsAuthorityIsNotTrustedEvenWhenSameSigned() {
        let device = F()
        device.install("com.impostor", provider: ScriptedProvider(rows: [.pubky(F.a)]), authority: F.ringAuthority)
        #expect(!device.resolver(caller: Self.dev).isTrusted(F.ringAuthority, package: F.ring))
    }

    // MARK: Resolution and the permission check

    @Test func anUnresolvedAuthorityIsANullCursorRecordedWithoutProviderAndNeverPasses() throws {
        let device = F()
        let resolver = device.resolver(caller: Self.dev)
        #expect(try resolver.query(F.ringAuthority, F.identities) == .null)
        device.install(F.ring, provider: nil)
        #expect(try resolver.query(F.ringAuthority, F.identities) == .null)
        #expect(
            device.takeCalls() == [
                "to.bitkit.dev app.pubkyring.sharedpubky/v1/identities [-] null 0 []",
                "to.bitkit.dev app.pubkyring.sharedpubky/v1/identities [-] null 0 []",
            ])
        #expect(device.takePasses() == [])
        #expect(device.takeTimeline() == ["record null", "record null"])
    }

    @Test func withoutThePermissionTheSystemThrowsBeforeTheProviderRunsOrTheCallPasses() throws {
        let device = F()
        device.installBitkit(Self.dev, certificate: F.release)
        let resolver = device.resolver(caller: F.ring)
        let denial = "Permission Denial: reading \(Self.devAuthority) requires \(Self.devPermission)"
        #expect(throws: ProviderException("SecurityException", denial)) {
            try resolver.query(Self.devAuthority, F.identities)
        }
        #expect(device.takePasses() == [])
        #expect(device.takeLoads() == [])
        #expect(device.takeTimeline() == ["granted? \(Self.devPermission)", "record exception"])
        #expect(
            device.takeCalls() == [
                "app.pubkyring to.bitkit.dev.sharedpubky/v1/identities [to.bitkit.dev] exception 0 [] "
                    + "SecurityException: \(denial)"
            ])
    }

    @Test func aRevokedGrantIsDeniedEvenToASameSignedCaller() {
        let device = F()
        device.installRing()
        device.revoked.withLock { $0 = [AndroidContract.permission(of: F.ring)] }
        let denial =
            "Permission Denial: reading app.pubkyring.sharedpubky requires app.pubkyring.permission.READ_SHARED_PUBKY"
        #expect(throws: ProviderException.security(denial)) {
            try device.resolver(caller: Self.dev).query(F.ringAuthority, F.identities)
        }
        #expect(device.takePasses() == [])
    }

    @Test func aCallerLetInButNotSameSignedMeetsTheProvidersOwnCheck() {
        let device = F()
        device.installBitkit(Self.dev)
        device.installRing()
        let other = device.resolver(caller: "com.other", certificate: "other", signatureRule: false)
        #expect(throws: ProviderException.security("Caller signature mismatch")) {
            try other.query(Self.devAuthority, F.identities)
        }
        #expect(throws: ProviderException.security("Caller is not signed with the Pubky Ring certificate")) {
            try other.query(F.ringAuthority, F.identities)
        }
        #expect(device.takeCalls().map { $0.contains(" exception 0 [] SecurityException: Caller") } == [true, true])
    }

    @Test func anotherSameSignedBitkitFlavourPassesBitkitsChecks() throws {
        let device = F()
        device.installBitkit(Self.dev)
        let tnet = device.resolver(caller: "to.bitkit.tnet")
        #expect(try tnet.query(Self.devAuthority, F.identities) == .rows([.pubky(F.w)]))
    }

    // MARK: The pass hook

    @Test func aQueryPassesOnceAfterThePermissionCheckAndBeforeTheProviderRuns() throws {
        let device = F()
        device.installBitkit(Self.dev)
        _ = try device.resolver(caller: F.ring).query(Self.devAuthority, F.credential(F.w))
        #expect(
            device.takePasses() == [F.Pass(authority: Self.devAuthority, path: F.credential(F.w), package: Self.dev)])
        #expect(
            device.takeTimeline() == [
                "granted? \(Self.devPermission)", "pass \(Self.devAuthority)/\(F.credential(F.w))",
                "provider \(Self.dev) \(F.credential(F.w))", "record rows",
            ])
    }

    @Test func everyQueryPassesExactlyOnceWhateverItsOutcome() throws {
        let device = F()
        device.installBitkit(Self.dev)
        let resolver = device.resolver(caller: F.ring)
        _ = try resolver.query(Self.devAuthority, F.identities)
        _ = try resolver.query(Self.devAuthority, F.credential(F.a))
        _ = try resolver.query(Self.devAuthority, "v1/other")
        device.fault(Self.devAuthority, F.identities, .exception("boom"))
        _ = try? resolver.query(Self.devAuthority, F.identities)
        #expect(device.takePasses().map(\.path) == [F.identities, F.credential(F.a), "v1/other", F.identities])
        #expect(device.takeCalls().count == 4)
    }

    // MARK: Faults

    @Test func aNullCursorFaultAnswersNullWithoutRunningTheProvider() throws {
        let device = F()
        device.installBitkit(Self.dev)
        device.fault(Self.devAuthority, F.identities, .nullCursor)
        let resolver = device.resolver(caller: F.ring)
        #expect(try resolver.query(Self.devAuthority, F.identities) == .null)
        // Only the faulted path.
        #expect(try resolver.query(Self.devAuthority, F.credential(F.w)).rows.count == 1)
        #expect(device.takeLoads() == [Self.dev])
        #expect(
            device.takeCalls() == [
                "app.pubkyring to.bitkit.dev.sharedpubky/v1/identities [to.bitkit.dev] null 0 []",
                "app.pubkyring to.bitkit.dev.sharedpubky/\(F.credential(F.w)) [to.bitkit.dev] rows 1 [\"\(F.w)\"]",
            ])
    }

    @Test func anExceptionFaultThrowsItsMessageAfterThePassAndIsRecorded() {
        let device = F()
        device.installBitkit(Self.dev)
        device.fault(Self.devAuthority, F.identities, .exception("provider crashed"))
        #expect(throws: ProviderException("RuntimeException", "provider crashed")) {
            try device.resolver(caller: F.ring).query(Self.devAuthority, F.identities)
        }
        #expect(device.takeLoads() == [])
        #expect(
            device.takeTimeline() == [
                "granted? \(Self.devPermission)", "pass \(Self.devAuthority)/\(F.identities)", "record exception",
            ])
        #expect(
            device.takeCalls() == [
                "app.pubkyring to.bitkit.dev.sharedpubky/v1/identities [to.bitkit.dev] exception 0 [] "
                    + "RuntimeException: provider crashed"
            ])
    }

    // MARK: The record hook

    @Test func eachQueryIsRecordedOnceWithItsOutcome() throws {
        let device = F()
        device.installBitkit(Self.dev)
        device.installBitkit("to.bitkit", key: .failing)
        device.install(
            "to.bitkit.tnet",
            provider: ScriptedProvider { (path: String) throws(ProviderException) -> ProviderAnswer in
                guard path == F.identities else { throw ProviderException("IllegalStateException", "store broke") }
                return .rows([.pubky(F.a), .pubky(nil), .pubky(F.a)])
            })
        let ring = device.resolver(caller: F.ring)
        _ = try ring.query(Self.devAuthority, F.identities)
        _ = try ring.query(Self.devAuthority, F.credential(F.a))
        _ = try ring.query("to.bitkit.sharedpubky", F.identities)
        _ = try ring.query("to.bitkit.tnet.sharedpubky", F.identities)
        _ = try? ring.query("to.bitkit.tnet.sharedpubky", F.credential(F.a))
        _ = try ring.query("to.bitkit.regtest.sharedpubky", F.identities)
        #expect(
            device.takeCalls() == [
                "app.pubkyring to.bitkit.dev.sharedpubky/v1/identities [to.bitkit.dev] rows 1 [\"\(F.w)\"]",
                "app.pubkyring to.bitkit.dev.sharedpubky/\(F.credential(F.a)) [to.bitkit.dev] empty 0 []",
                "app.pubkyring to.bitkit.sharedpubky/v1/identities [to.bitkit] null 0 []",
                // A null pubky is counted but not named.
                "app.pubkyring to.bitkit.tnet.sharedpubky/v1/identities [to.bitkit.tnet] rows 3 "
                    + "[\"\(F.a)\", \"\(F.a)\"]",
                "app.pubkyring to.bitkit.tnet.sharedpubky/\(F.credential(F.a)) [to.bitkit.tnet] exception 0 [] "
                    + "IllegalStateException: store broke",
                "app.pubkyring to.bitkit.regtest.sharedpubky/v1/identities [-] null 0 []",
            ])
    }
}
