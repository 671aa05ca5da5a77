import Foundation
import Testing

@testable import Backend

@Suite struct HomegateTests {
    @Test func ipVerificationHandsOutAFreshStagingCode() throws {
        let world = try TestWorld()
        let grant = try world.client().homegateSignupCode().value
        #expect(grant.homeserverPubky == KnownHomeservers.staging)
        #expect(grant.signupCode.count == 14)
        #expect(grant.signupCode.split(separator: "-").map(\.count) == [4, 4, 4])
        let tokens = try world.store.accounts().signupTokens
        #expect(tokens.map(\.token) == [grant.signupCode])
        #expect(tokens.first?.issuedBy == "homegate")
        #expect(world.events.last?.operation == "POST /ip_verification")
        #expect(world.events.last?.service == .homegate)
    }

    @Test func theStatusKnobFailsTheRequestWithBitkitsText() throws {
        let world = try TestWorld()
        try world.knobs { $0.homegateStatus = 503 }
        let error = failure { try world.client().homegateSignupCode() }
        #expect(error?.status == 503)
        #expect(error?.reason == "Homegate returned status 503")
        #expect(try world.store.accounts().signupTokens.isEmpty)
    }

    @Test func statusZeroMeansNoHTTPResponseAtAll() throws {
        let world = try TestWorld()
        try world.knobs { $0.homegateStatus = 0 }
        let error = failure { try world.client().homegateSignupCode() }
        #expect(error == .unreachable(service: .homegate, host: BackendClient.homegateHost))
        #expect(error?.status == nil)
    }

    @Test func codesAreForTheConfiguredHomeserver() throws {
        let world = try TestWorld()
        try world.knobs { $0.homegateHomeserver = KnownHomeservers.production }
        #expect(
            try world.client().homegateSignupCode().value.homeserverPubky == KnownHomeservers.production)
    }

    @Test func signUpThroughHomegateRedeemsTheCodeOnItsHomeserver() throws {
        let world = try TestWorld()
        let session = try world.client().signUpThroughHomegate(keyPair: Fixture.b).value
        #expect(session.homeserver == KnownHomeservers.staging)
        let view = try world.store.accounts()
        #expect(view.accounts.map(\.pubky) == [Fixture.b.pubky])
        #expect(view.signupTokens.count == 1)
        #expect(view.signupTokens.first?.usedBy == Fixture.b.pubky)
        #expect(
            try world.client().resolve(Fixture.b.pubky).value.record?.homeserver
                == KnownHomeservers.staging)
    }

    @Test func aFailedHomegateSignsNobodyUp() throws {
        let world = try TestWorld()
        try world.knobs { $0.homegateStatus = 429 }
        #expect(failure { try world.client().signUpThroughHomegate(keyPair: Fixture.b) }?.status == 429)
        #expect(try world.store.accounts().accounts.isEmpty)
        #expect(try world.store.pkarrRecords().isEmpty)
    }
}

@Test func theMainnetHomegateHandsOutProductionCodesAndTheStagingOneStagingCodes() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homegate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("backend.sqlite").path
    _ = try Backend.create(at: path, now: Date())
    let client = BackendClient(databasePath: path, app: "test")
    #expect(
        try client.homegateSignupCode(host: "homegate.pubky.app").value.homeserverPubky == KnownHomeservers.production)
    #expect(
        try client.homegateSignupCode(host: "homegate.staging.pubky.app").value.homeserverPubky
            == KnownHomeservers.staging)
}
