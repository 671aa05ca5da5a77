import Foundation
import PubkyCrypto
import PubkyProtocol
import Testing

@testable import Backend

@Suite struct RelayTests {
    @Test func aMintedLinkApprovedWithAUserKeyShowsTheApprovingPubky() throws {
        let world = try TestWorld()
        try world.signUp(Fixture.a)
        let requester = world.client("simctl", seed: 11)
        let ticket = try requester.createAuthRequest().value
        #expect(
            ticket.link.hasPrefix(
                "pubkyauth://signin?caps=/pub/example.app/:rw&relay=https://httprelay.pubky.app/inbox&secret="
            ))
        #expect(ticket.capabilities == "/pub/example.app/:rw")
        let link = try AuthLink(parsing: ticket.link)
        guard case .signin(_, let relay, let secret) = link.request else {
            Issue.record("not a sign-in link")
            return
        }
        #expect(ticket.channel == (try RelayChannel.url(relay: relay, secret: secret)))
        #expect(try requester.authRequestStatus(ticket.channel).value.state == .pending)

        world.now += 5
        let approval = try world.client("to.bitkit").approveAuthRequest(
            link: ticket.link, keyPair: Fixture.a
        ).value
        #expect(approval.pubky == Fixture.a.pubky)
        #expect(approval.channel == ticket.channel)

        let status = try requester.authRequestStatus(ticket.link).value
        #expect(status.state == .approved)
        #expect(status.pubky == Fixture.a.pubky)
        #expect(status.capabilities == "/pub/example.app/:rw")

        // The requester acts on the homeserver with exactly the granted capabilities.
        let session = try requester.signInWithAuthRequest(ticket.channel).value
        #expect(session.pubky == Fixture.a.pubky)
        #expect(session.capabilities == "/pub/example.app/:rw")
        #expect(
            failure { try requester.put(session, path: "/pub/example.app/hello", data: [1]) } == nil)
        #expect(
            failure { try requester.put(session, path: "/pub/bitkit.to/profile.json", data: [1]) }?.status
                == 403)
    }

    @Test func theRelayMessageIsTheEncryptedTokenOfTheApprover() throws {
        let world = try TestWorld()
        let ticket = try world.client("simctl").createAuthRequest(capabilities: "/pub/pubky.app/:rw")
            .value
        _ = try world.client().approveAuthRequest(link: ticket.link, keyPair: Fixture.a)
        let view = try world.store.relay(now: world.now)
        #expect(view.messages.count == 1)
        let message = try #require(view.messages.first)
        #expect(message.channel == ticket.channel)
        #expect(message.postedBy == "to.bitkit")
        #expect(message.tokenPubky == Fixture.a.pubky)
        #expect(message.tokenCapabilities == "/pub/pubky.app/:rw")
        #expect(message.tokenTimestamp == world.now.micros)
        // nonce(24) ‖ MAC(16) ‖ 64-byte signature + 51-byte header + 1 + 18 caps bytes.
        #expect(message.size == 24 + 16 + 115 + 1 + 18)
        #expect(view.requests.map(\.channel) == [ticket.channel])
    }

    @Test func aSignupRequestCarriesTheHomeserverAndAFreshToken() throws {
        let world = try TestWorld()
        let requester = world.client("simctl")
        let ticket = try requester.createAuthRequest(signupHomeserver: KnownHomeservers.staging).value
        let token = try #require(ticket.signupToken)
        #expect(ticket.intent == "signup")
        #expect(ticket.link.hasSuffix("&hs=\(KnownHomeservers.staging)&st=\(token)"))
        guard
            case .signup(_, _, _, let homeserver, let linkToken) = try AuthLink(parsing: ticket.link)
                .request
        else {
            Issue.record("not a signup link")
            return
        }
        #expect(homeserver.z32 == KnownHomeservers.staging)
        #expect(linkToken == token)
        #expect(try world.store.accounts().signupTokens.map(\.token) == [token])
        // Bitkit's approveSignupAuth: register W with the link's token, then deliver the AuthToken.
        let bitkit = world.client("to.bitkit")
        _ = try bitkit.signUp(
            keyPair: Fixture.w, homeserver: KnownHomeservers.staging, signupToken: token)
        _ = try bitkit.approveAuthRequest(link: ticket.link, keyPair: Fixture.w)
        #expect(try requester.authRequestStatus(ticket.channel).value.pubky == Fixture.w.pubky)
        let session = try requester.signInWithAuthRequest(ticket.channel).value
        #expect(session.homeserver == KnownHomeservers.staging)
    }

    @Test func aGarbageMessageIsReportedInvalid() throws {
        let world = try TestWorld()
        let ticket = try world.client("simctl").createAuthRequest().value
        _ = try world.client().call(.httpRelay, "POST") { exchange in
            try HTTPRelay(exchange: exchange, host: "relay").post(
                channel: ticket.channel, body: [UInt8](repeating: 9, count: 80))
        }
        let status = try world.client("simctl").authRequestStatus(ticket.channel).value
        #expect(status.state == .invalid)
        #expect(status.reason?.contains("decryptionFailed") == true)
    }

    @Test func aTokenOutsideTheWindowIsNotAnApproval() throws {
        let world = try TestWorld()
        let ticket = try world.client("simctl").createAuthRequest().value
        _ = try world.client().approveAuthRequest(link: ticket.link, keyPair: Fixture.a)
        world.now += 200
        // The relay still holds it (under 5 minutes) but the token has gone stale.
        let status = try world.client("simctl").authRequestStatus(ticket.channel).value
        #expect(status.state == .invalid)
        #expect(status.reason?.contains("expired") == true)
    }

    @Test func unreadMessagesExpireAfterFiveMinutes() throws {
        let world = try TestWorld()
        let ticket = try world.client("simctl").createAuthRequest().value
        _ = try world.client().approveAuthRequest(link: ticket.link, keyPair: Fixture.a)
        world.now += 301
        let reply = try world.client("simctl").authRequestStatus(ticket.channel)
        #expect(reply.value.state == .pending)
        #expect(reply.latency == 25)
        #expect(try world.store.relay(now: world.now).messages.first?.expired == true)
    }

    @Test func anApprovalOnceSeenIsRemembered() throws {
        let world = try TestWorld()
        let ticket = try world.client("simctl").createAuthRequest().value
        _ = try world.client().approveAuthRequest(link: ticket.link, keyPair: Fixture.a)
        _ = try world.client("simctl").authRequestStatus(ticket.channel)
        world.now += 3600
        #expect(
            try world.client("simctl").authRequestStatus(ticket.channel).value.pubky == Fixture.a.pubky)
        #expect(try world.store.relay(now: world.now).requests.first?.approvedBy == Fixture.a.pubky)
    }

    @Test func linksWithoutARelayOrUnknownRequestsAreInvalidInput() throws {
        let world = try TestWorld()
        let direct = "pubkyauth://direct_signup?hs=\(KnownHomeservers.staging)&st=AAAA-BBBB-CCCC"
        for call in [
            { _ = try world.client().approveAuthRequest(link: direct, keyPair: Fixture.a) },
            {
                _ = try world.client().approveAuthRequest(link: "https://example.com", keyPair: Fixture.a)
            },
            {
                _ = try world.client("simctl").authRequestStatus(
                    "https://httprelay.pubky.app/inbox/unknown")
            },
            { _ = try world.client("simctl").createAuthRequest(capabilities: "nonsense") },
            { _ = try world.client("simctl").createAuthRequest(signupHomeserver: Fixture.b.pubky) },
        ] as [() throws -> Void] {
            guard case .invalidInput = failure(call) else {
                Issue.record("expected invalid input")
                continue
            }
        }
    }

    @Test func approvingAnExampleLinkUsesItsChannelVector() throws {
        let world = try TestWorld()
        let link =
            "pubkyauth://signin?caps=/pub/pubky.app/:rw&secret=kqnceEMgrNQM_xi06oQXjA3cJHX_RQmw1BY6JE1bse8"
            + "&relay=https://httprelay.pubky.app/inbox"
        let approval = try world.client().approveAuthRequest(link: link, keyPair: Fixture.a).value
        #expect(
            approval.channel
                == "https://httprelay.pubky.app/inbox/Bd7wcIdR29_ncsAJbRkIpWDg_pEvZzULycHdh5Fz4QY")
    }
}
