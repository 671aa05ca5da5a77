import ContractNames
import Foundation
import PubkyCrypto
import Testing

@testable import PaykitContract

struct FixtureHarnessTests {
    func loadOurFixture() throws -> (bytes: [UInt8], fixture: InteroperabilityFixture) {
        let bytes = [UInt8](try Data(contentsOf: fixtureURL))
        return (bytes, try InteroperabilityFixture(bytes: bytes))
    }

    @Test func ourFixturePassesEveryCaseAndCoverageAssertion() throws {
        let (_, fixture) = try loadOurFixture()
        let results = FixtureHarness.run(fixture)
        #expect(results.count == fixture.requestFixtures.count + fixture.endpointFixtures.count + 2)
        for result in results where !result.passed {
            Issue.record("\(result.line)")
        }
    }

    @Test func ourFixtureSHA256IsRecordedInTheIssuerDoc() throws {
        let (bytes, _) = try loadOurFixture()
        let doc = try String(contentsOf: issuerDocURL, encoding: .utf8)
        let recorded = doc.split(separator: "\n").compactMap { line -> String? in
            line.hasPrefix("SHA-256: ") ? String(line.dropFirst("SHA-256: ".count)) : nil
        }
        #expect(recorded == [Hex.encode(SHA256.hash(bytes))])
    }

    @Test func ourFixtureFollowsTheFileFormatRules() throws {
        let (bytes, _) = try loadOurFixture()
        #expect(bytes.allSatisfy { $0 < 0x80 })
        #expect(!bytes.contains(0x0D))
        #expect(bytes.last == 0x0A)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"schemaVersion\": 1,\n  \"requestFixtures\": [\n    {\n"))
        for line in text.split(separator: "\n") {
            let indent = line.prefix { $0 == " " }.count
            #expect(indent % 2 == 0)
            #expect(!line.hasPrefix("\t"))
        }
    }

    @Test func ourFixtureCoversEveryRequiredGroup() throws {
        let (_, fixture) = try loadOurFixture()
        let requests = fixture.requestFixtures
        let endpoints = fixture.endpointFixtures
        // Filtering: an accepted case that dropped something (duplicates, other networks, unknown).
        #expect(
            requests.contains {
                $0.accepted && $0.expectedIdentifiers.count < $0.acceptedPaymentEndpointIdentifiers.count
                    && $0.expectedIdentifiers.count > 1
            })
        // Asset differing only by case.
        #expect(
            requests.contains { !$0.accepted && $0.asset != "btc" && $0.asset.lowercased() == "btc" })
        for network in BitcoinNetwork.allCases {
            // Only another network's on-chain identifier.
            #expect(
                requests.contains {
                    !$0.accepted && $0.network == network && $0.acceptedPaymentEndpointIdentifiers.count == 1
                        && PaymentEndpointIdentifier(rawValue: $0.acceptedPaymentEndpointIdentifiers[0])?
                            .onchainNetwork.map { $0 != network } == true
                })
            #expect(
                requests.contains {
                    !$0.accepted && $0.network == network && $0.acceptedPaymentEndpointIdentifiers.isEmpty
                })
        }
        #expect(
            requests.contains {
                !$0.accepted
                    && $0.acceptedPaymentEndpointIdentifiers.contains { text in
                        PaymentEndpointIdentifier(rawValue: text) == nil
                            && PaymentEndpointIdentifier.allCases.contains {
                                $0.rawValue.lowercased() == text.lowercased()
                            }
                    }
            })
        #expect(
            requests.contains {
                !$0.accepted && !$0.acceptedPaymentEndpointIdentifiers.isEmpty
                    && $0.acceptedPaymentEndpointIdentifiers.allSatisfy {
                        PaymentEndpointIdentifier(rawValue: $0) == nil
                    }
            })
        // Endpoint groups: every identifier appears, both outcomes, bounds and value rejections exist.
        let identifiers = Set(endpoints.map(\.identifier))
        for identifier in PaymentEndpointIdentifier.allCases {
            #expect(identifiers.contains(identifier.rawValue))
        }
        #expect(endpoints.contains { $0.accepted && $0.expectedMin != nil && $0.expectedMax != nil })
        #expect(endpoints.contains { !$0.accepted && $0.payload.isEmpty })
        #expect(endpoints.contains { !$0.accepted && $0.payload.contains(#""min":1"#) })
        #expect(endpoints.contains { !$0.accepted && $0.payload.contains(#""max":true"#) })
        #expect(endpoints.contains { !$0.accepted && $0.payload.hasPrefix("[") })
        #expect(endpoints.contains { !$0.accepted && $0.payload == "{}" })
    }

    @Test func acceptedRegtestValuesInOurFixtureAreRealPayableValues() throws {
        // Beyond the schema: the fixture's regtest addresses and invoices decode with our decoders.
        let (_, fixture) = try loadOurFixture()
        let context = PayabilityContext(
            network: .regtest, now: FixtureHarness.now, isRequest: true)
        for testCase in fixture.endpointFixtures
        where testCase.accepted && testCase.name.hasPrefix("onchain-regtest")
            || testCase.name == "bolt11-object"
        {
            let endpoint = try EndpointParser.parse(
                identifier: testCase.identifier, payload: testCase.payload, network: .regtest
            ).get()
            #expect(
                (try? Payability.evaluate(endpoint, context: context).get()) != nil, "\(testCase.name)")
        }
    }

    @Test func harnessValuesPassEveryOtherGateAndArePlaceholders() throws {
        let testCase = RequestFixtureCase(
            name: "probe", network: .regtest, asset: "btc",
            acceptedPaymentEndpointIdentifiers: ["btc-lightning-bolt11"],
            accepted: true, expectedIdentifiers: ["btc-lightning-bolt11"])
        let accepted = try RequestGate.evaluate(
            FixtureHarness.record(for: testCase), network: .regtest, now: FixtureHarness.now
        ).get()
        #expect(accepted.sats == 100_000)
        #expect(
            CounterpartyRedaction.normalised(FixtureHarness.counterparty)
                == String(repeating: "y", count: 52))
        #expect(
            ZBase32.decodeKey(String(repeating: "y", count: 52)) == [UInt8](repeating: 0, count: 32))
    }

    @Test func aWrongExpectationFailsWithExpectedAndGot() {
        let request = RequestFixtureCase(
            name: "wrong", network: .regtest, asset: "btc",
            acceptedPaymentEndpointIdentifiers: ["btc-bitcoin-p2tr"],
            accepted: true, expectedIdentifiers: ["btc-bitcoin-p2tr"])
        #expect(
            FixtureHarness.run(request).line
                == #"FAIL request wrong: expected accepted ["btc-bitcoin-p2tr"], got rejected no_supported_endpoint"#
        )
        let endpoint = EndpointFixtureCase(
            name: "wrong-endpoint", identifier: "btc-regtest-p2wpkh", payload: #"{"value":" a\n"}"#,
            accepted: true,
            expectedValue: "b")
        #expect(
            FixtureHarness.run(endpoint).line
                == #"FAIL endpoint wrong-endpoint: expected accepted value="b" min=none max=none, got accepted value="a" min=none max=none"#
        )
        let rejected = EndpointFixtureCase(
            name: "r", identifier: "btc-regtest-p2wpkh", payload: "{}", accepted: true, expectedValue: "x"
        )
        #expect(
            FixtureHarness.run(rejected).failure
                == #"expected accepted value="x" min=none max=none, got rejected (missing value)"#)
        let passing = EndpointFixtureCase(
            name: "ok", identifier: "btc-regtest-p2wpkh", payload: "", accepted: false)
        #expect(FixtureHarness.run(passing).line == "PASS endpoint ok")
    }

    @Test func coverageFailsWhenAPairOrALightningCaseIsMissing() throws {
        var (_, fixture) = try loadOurFixture()
        #expect(FixtureHarness.coverage(of: fixture).allSatisfy { $0.passed })
        fixture.requestFixtures.removeAll {
            $0.name == "onchain-signet-p2sh" || $0.name == "lnurl-only-testnet"
        }
        let coverage = FixtureHarness.coverage(of: fixture)
        #expect(coverage.map(\.passed) == [false, false])
        #expect(coverage[0].failure?.contains("signet:btc-signet-p2sh") == true)
        #expect(coverage[1].failure?.contains("testnet:btc-lightning-lnurl") == true)
        fixture.requestFixtures.append(contentsOf: [
            RequestFixtureCase(
                name: "a", network: .signet, asset: "btc",
                acceptedPaymentEndpointIdentifiers: ["btc-signet-p2sh"], accepted: true,
                expectedIdentifiers: ["btc-signet-p2sh"]),
            RequestFixtureCase(
                name: "b", network: .signet, asset: "btc",
                acceptedPaymentEndpointIdentifiers: ["btc-signet-p2sh"], accepted: true,
                expectedIdentifiers: ["btc-signet-p2sh"]),
        ])
        #expect(FixtureHarness.coverage(of: fixture)[0].failure?.contains("repeated") == true)
    }

    @Test(arguments: [
        (#"{"schemaVersion":1,"requestFixtures":[],"endpointFixtures":[]"#, "not strict JSON"),
        (#"[]"#, "$: must be an object"),
        (#"{"requestFixtures":[],"schemaVersion":1,"endpointFixtures":[]}"#, "top-level keys"),
        (#"{"schemaVersion":1,"requestFixtures":[],"endpointFixtures":[],"x":1}"#, "top-level keys"),
        (
            #"{"schemaVersion":2,"requestFixtures":[],"endpointFixtures":[]}"#,
            "schemaVersion: must be the integer 1"
        ),
        (
            #"{"schemaVersion":1.0,"requestFixtures":[],"endpointFixtures":[]}"#,
            "schemaVersion: must be the integer 1"
        ),
        (
            #"{"schemaVersion":"1","requestFixtures":[],"endpointFixtures":[]}"#,
            "schemaVersion: must be the integer 1"
        ),
        (
            #"{"schemaVersion":1,"requestFixtures":{},"endpointFixtures":[]}"#,
            "requestFixtures: must be an array"
        ),
        (
            #"{"schemaVersion":1,"requestFixtures":[{"name":"a","network":"regtest","asset":"btc","acceptedPaymentEndpointIdentifiers":[],"accepted":false}],"endpointFixtures":[]}"#,
            "missing field \"expectedIdentifiers\""
        ),
        (
            #"{"schemaVersion":1,"requestFixtures":[{"name":"a","network":"regtest","asset":"btc","acceptedPaymentEndpointIdentifiers":[],"accepted":false,"expectedIdentifiers":[],"amount":"1"}],"endpointFixtures":[]}"#,
            "unknown field \"amount\""
        ),
        (
            #"{"schemaVersion":1,"requestFixtures":[{"name":"a","network":"mainnet","asset":"btc","acceptedPaymentEndpointIdentifiers":[],"accepted":false,"expectedIdentifiers":[]}],"endpointFixtures":[]}"#,
            "requestFixtures[0].network"
        ),
        (
            #"{"schemaVersion":1,"requestFixtures":[{"name":"A","network":"regtest","asset":"btc","acceptedPaymentEndpointIdentifiers":[],"accepted":false,"expectedIdentifiers":[]}],"endpointFixtures":[]}"#,
            "kebab-case"
        ),
        (
            #"{"schemaVersion":1,"requestFixtures":[{"name":"a","network":"regtest","asset":"btc","acceptedPaymentEndpointIdentifiers":[],"accepted":false,"expectedIdentifiers":["x"]}],"endpointFixtures":[]}"#,
            "must be empty when accepted is false"
        ),
        (
            #"{"schemaVersion":1,"requestFixtures":[{"name":"a","network":"regtest","asset":"btc","acceptedPaymentEndpointIdentifiers":[1],"accepted":false,"expectedIdentifiers":[]}],"endpointFixtures":[]}"#,
            "acceptedPaymentEndpointIdentifiers[0]: must be a string"
        ),
        (
            #"{"schemaVersion":1,"requestFixtures":[],"endpointFixtures":[{"name":"a","identifier":"x","payload":"","accepted":true}]}"#,
            "expectedValue: required"
        ),
        (
            #"{"schemaVersion":1,"requestFixtures":[],"endpointFixtures":[{"name":"a","identifier":"x","payload":"","accepted":false,"expectedMin":"1"}]}"#,
            "expectedMin: only allowed"
        ),
        (
            #"{"schemaVersion":1,"requestFixtures":[],"endpointFixtures":[{"name":"a","identifier":"x","payload":"","accepted":"no"}]}"#,
            "accepted: must be a boolean"
        ),
        (
            #"{"schemaVersion":1,"requestFixtures":[],"endpointFixtures":[{"name":"a","identifier":"x","payload":"","accepted":false},{"name":"a","identifier":"x","payload":"","accepted":false}]}"#,
            "duplicate name"
        ),
        (
            #"{"schemaVersion":1,"requestFixtures":[],"endpointFixtures":[{"name":"a","name":"b","identifier":"x","payload":"","accepted":false}]}"#,
            "duplicate field"
        ),
        (
            #"{"schemaVersion":1,"requestFixtures":[],"endpointFixtures":[{"name":"a-","identifier":"x","payload":"","accepted":false}]}"#,
            "kebab-case"
        ),
    ])
    func schemaViolationsAreReportedClearly(json: String, message: String) {
        do {
            _ = try InteroperabilityFixture(bytes: Array(json.utf8))
            Issue.record("expected a schema error containing \(message)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test func aMinimalForeignFixtureRunsWithSameNamesInBothLists() throws {
        let json = #"""
            {"schemaVersion":1,"requestFixtures":[{"name":"x","network":"signet","asset":"btc","acceptedPaymentEndpointIdentifiers":["btc-signet-p2tr"],"accepted":true,"expectedIdentifiers":["btc-signet-p2tr"]}],
             "endpointFixtures":[{"name":"x","identifier":"btc-lightning-lnurl","payload":"{\"value\":\" v \",\"min\":\"1\"}","accepted":true,"expectedValue":"v","expectedMin":"1"}]}
            """#
        let results = FixtureHarness.run(try InteroperabilityFixture(bytes: Array(json.utf8)))
        #expect(
            results.map(\.line) == [
                "PASS request x", "PASS endpoint x",
                results[2].line, results[3].line,
            ])
        #expect(results[2].kind == .coverage && !results[2].passed)
    }

    @Test func kebabCaseRule() {
        for good in ["a", "a-b", "onchain-bitcoin-p2tr", "a1-2b"] {
            #expect(InteroperabilityFixture.isKebabCase(good))
        }
        for bad in ["", "-a", "a-", "a--b", "A", "a_b", "a b", "é"] {
            #expect(!InteroperabilityFixture.isKebabCase(bad))
        }
    }
}
