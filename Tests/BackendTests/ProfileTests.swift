import Foundation
import Testing

@testable import Backend

@Suite struct ProfileTests {
    let namespace = "staging.bitkit.to"

    @Test func aPaykitProfileRoundTripsWithTheSpecDocumentShape() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        let client = world.client()
        let profile = PaykitProfile(
            displayName: "Alice",
            extra: .init(
                name: "Alice", bio: "hi", links: [.init(label: "web", url: "https://a.example")],
                tags: ["x"]))
        _ = try client.putProfile(profile, session: session, namespace: namespace)
        #expect(try client.profile(of: Fixture.a.pubky, namespace: namespace).value == .paykit(profile))
        let stored = try #require(
            try world.store.storage(pubky: Fixture.a.pubky).first {
                $0.path == "/pub/staging.bitkit.to/profile.json"
            })
        let json = try #require(stored.text)
        #expect(json.contains("\"kind\":\"paykit.profile\""))
        #expect(json.contains("\"display_name\":\"Alice\""))
        #expect(json.contains("\"image_uri\":null"))
        #expect(json.contains("\"version\":1"))
    }

    @Test func thePubkyAppProfileIsTheFallback() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        let client = world.client()
        #expect(try client.profile(of: Fixture.a.pubky, namespace: namespace).value == .notFound)
        _ = try client.putPubkyAppProfile(PubkyAppProfile(name: "Alice"), session: session)
        #expect(
            try client.profile(of: Fixture.a.pubky, namespace: namespace).value
                == .pubkyApp(PubkyAppProfile(name: "Alice")))
        _ = try client.putProfile(
            PaykitProfile(displayName: "Alice P"), session: session, namespace: namespace)
        #expect(try client.profile(of: Fixture.a.pubky, namespace: namespace).value.name == "Alice P")
        // Another namespace (mainnet) does not see the staging Paykit profile.
        #expect(try client.profile(of: Fixture.a.pubky, namespace: "bitkit.to").value.name == "Alice")
    }

    @Test func anEmptyPubkyAppNameCountsAsNoProfile() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        _ = try world.client().put(
            session, path: PubkyAppProfile.path, data: Array(#"{"name":""}"#.utf8))
        #expect(
            try world.client().profile(of: Fixture.a.pubky, namespace: namespace).value == .notFound)
    }

    @Test func lookupFailuresAreErrorsNotMissingProfiles() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        let client = world.client()
        try world.knobs { $0.storageReadFaults = [KnownHomeservers.staging] }
        #expect(
            failure { try client.profile(of: Fixture.a.pubky, namespace: namespace) }?.status == 500)
        try world.knobs {
            $0.storageReadFaults = []
            $0.dhtReachable = false
        }
        // A key without any record and no reachable DHT: the homeserver cannot even be found.
        #expect(
            failure { try client.profile(of: Fixture.b.pubky, namespace: namespace) }
                == .resolutionFailed(pubky: Fixture.b.pubky))
        try world.knobs { $0.dhtReachable = true }
        _ = try client.put(
            session, path: PaykitProfile.path(namespace: namespace), data: Array("garbage".utf8))
        guard
            case .malformedDocument = failure({
                try client.profile(of: Fixture.a.pubky, namespace: namespace)
            })
        else {
            Issue.record("a malformed profile was not reported")
            return
        }
        #expect(
            failure { try world.client(online: false).profile(of: Fixture.a.pubky, namespace: namespace) }
                == .offline(app: "to.bitkit"))
    }

    @Test func deletingAMissingProfileCountsAsSuccess() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        let client = world.client()
        _ = try client.putProfile(
            PaykitProfile(displayName: "A"), session: session, namespace: namespace)
        #expect(try client.deleteProfile(session: session, namespace: namespace).value == true)
        #expect(try client.deleteProfile(session: session, namespace: namespace).value == false)
        #expect(try client.profile(of: Fixture.a.pubky, namespace: namespace).value == .notFound)
    }

    @Test func profileLimitsAreEnforcedBeforeWriting() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        let client = world.client()
        let invalid = [
            PaykitProfile(displayName: String(repeating: "a", count: 129)),
            PaykitProfile(displayName: "a", imageURI: String(repeating: "u", count: 2049)),
            PaykitProfile(displayName: "a\u{7}b"),
            PaykitProfile(displayName: "a", extra: .init(bio: String(repeating: "b", count: 17 * 1024))),
        ]
        for profile in invalid {
            guard
                case .invalidInput = failure({
                    try client.putProfile(profile, session: session, namespace: namespace)
                })
            else {
                Issue.record("accepted \(profile.displayName.prefix(10))")
                continue
            }
        }
        #expect(
            failure { try client.putPubkyAppProfile(PubkyAppProfile(name: "Al"), session: session) }
                != nil)
        #expect(try world.store.storage().isEmpty)
    }
}
