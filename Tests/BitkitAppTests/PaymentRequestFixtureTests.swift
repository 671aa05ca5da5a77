import AppSupport
import Backend
import BitkitApp
import ContractNames
import Foundation
import PaykitContract
import Testing

/// The cross-platform fixture (spec/05 §7) fed through the journey itself: request cases through
/// `requests sync` (the gate), endpoint cases through the journey's endpoint fetch and resolution.
/// Whatever the fixture expects, the journey must present or refuse in the same way.
@Suite struct PaymentRequestFixtureTests {
    static let fixture: InteroperabilityFixture = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/paykit-issuer-interoperability.json")
        do {
            return try InteroperabilityFixture(bytes: [UInt8](try Data(contentsOf: url)))
        } catch {
            fatalError("the repository's fixture does not load: \(error)")
        }
    }()

    /// Every request case of `network`, sent by C to a Bitkit build of that network: accepted cases
    /// become pending with exactly the expected identifiers, rejected ones never appear and are logged.
    @Test(arguments: [BitcoinNetwork.bitcoin, .testnet, .signet, .regtest])
    func everyFixtureRequestCaseIsPresentedOrRefusedByTheJourneyAsExpected(_ network: BitcoinNetwork) throws {
        let cases = Self.fixture.requestFixtures.filter { $0.network.rawValue == network.rawValue }
        #expect(!cases.isEmpty)
        let journey = try PaymentRequestTestWorld(network: network)
        for testCase in cases {
            try journey.request(
                testCase.name, asset: testCase.asset, identifiers: testCase.acceptedPaymentEndpointIdentifiers)
        }
        try journey.send(.sync)
        let pending = Dictionary(uniqueKeysWithValues: try journey.state().pending.map { ($0.id, $0.identifiers) })
        for testCase in cases {
            if testCase.accepted {
                #expect(pending[testCase.name] == testCase.expectedIdentifiers, "\(testCase.name)")
            } else {
                #expect(pending[testCase.name] == nil, "\(testCase.name)")
            }
        }
        let rejected = cases.filter { !$0.accepted }.count
        #expect(try journey.logLines("parse").count == rejected)
        #expect(try journey.state().loggedFailures.count == rejected)
    }

    /// Every endpoint case, published by C and read back by the journey's fetch: the parser sees the
    /// payload unchanged, so the outcome is the fixture's (an empty body counts as absent).
    @Test func everyFixtureEndpointReachesTheSameParserThroughTheJourneysFetch() throws {
        let journey = try PaymentRequestTestWorld()
        let network = SimulatedPaykitNetwork(environment: journey.world.environment, network: .regtest)
        let context = PayabilityContext(network: .regtest, now: FixtureHarness.now, isRequest: false)
        for testCase in Self.fixture.endpointFixtures {
            do {
                try journey.publish(testCase.identifier, payload: testCase.payload)
            } catch {
                // A name no homeserver stores (e.g. the empty identifier) can never reach Bitkit.
                #expect(!testCase.accepted, "\(testCase.name) could not be published: \(error)")
                continue
            }
            let fetched = try network.endpoints(of: Fixture.c, receiverPath: "bitkit/server")
            let outcome = EndpointResolution.resolve(endpoints: fetched, retained: nil, context: context)
            if testCase.accepted {
                #expect(fetched == [EndpointPayload(identifier: testCase.identifier, payload: testCase.payload)])
                #expect(outcome != .noEndpoint, "\(testCase.name)")
                let parsed = try EndpointParser.parse(
                    identifier: testCase.identifier, payload: fetched[0].payload, network: .regtest
                ).get()
                #expect(parsed.value == testCase.expectedValue, "\(testCase.name)")
                #expect(parsed.min == testCase.expectedMin, "\(testCase.name)")
                #expect(parsed.max == testCase.expectedMax, "\(testCase.name)")
            } else {
                #expect(outcome == .noEndpoint, "\(testCase.name)")
            }
            try journey.unpublish(testCase.identifier)
        }
    }
}
