import ContractNames
import Testing

@testable import PaykitContract

struct EndpointParserTests {
    func parse(
        _ identifier: String, _ payload: String, _ network: BitcoinNetwork = .regtest
    )
        -> Result<ParsedEndpoint, EndpointRejection>
    {
        EndpointParser.parse(identifier: identifier, payload: payload, network: network)
    }

    @Test func bitkitsOwnPayloadShapeIsAccepted() throws {
        let payload = #"{"value":"\#(Addresses.regtestP2WPKH)"}"#
        let endpoint = try parse("btc-regtest-p2wpkh", payload).get()
        #expect(endpoint.identifier == .onchain(.regtest, .p2wpkh))
        #expect(endpoint.value == Addresses.regtestP2WPKH)
        #expect(endpoint.min == nil && endpoint.max == nil)
        #expect(endpoint.payload == payload)
    }

    @Test func wrongNetworkOnchainIsRejectedAtParseAndLightningPassesEverywhere() {
        for network in BitcoinNetwork.allCases {
            for identifier in PaymentEndpointIdentifier.allCases {
                let result = parse(identifier.rawValue, #"{"value":"x"}"#, network)
                if identifier.isUsable(on: network) {
                    #expect((try? result.get()) != nil)
                } else {
                    #expect(result == .failure(.wrongNetwork))
                }
            }
        }
    }

    @Test(arguments: [
        "btc-lightning-bolt12", "Btc-lightning-bolt11", "btc-regtest-P2WPKH", "", "btc-regtest-p2wsh",
    ])
    func identifiersOutsideTheEighteenAreRejected(identifier: String) {
        #expect(parse(identifier, #"{"value":"x"}"#) == .failure(.unsupportedIdentifier))
    }

    @Test(arguments: [
        ("", EndpointRejection.emptyPayload), (" \n\t ", .emptyPayload),
        ("[]", .notAnObject), (#""x""#, .notAnObject), ("42", .notAnObject), ("null", .notAnObject),
        ("{}", .missingValue), (#"{"Value":"x"}"#, .missingValue),
        (#"{"value":""}"#, .emptyValue), (#"{"value":" \n "}"#, .emptyValue),
        (#"{"value":1}"#, .valueNotString), (#"{"value":true}"#, .valueNotString),
        (#"{"value":null}"#, .valueNotString), (#"{"value":{}}"#, .valueNotString),
        (#"{"value":[]}"#, .valueNotString),
        (#"{"value":"x","min":1}"#, .invalidBound("min")),
        (#"{"value":"x","max":false}"#, .invalidBound("max")),
        (#"{"value":"x","min":{}}"#, .invalidBound("min")),
        (#"{"value":"x","max":[]}"#, .invalidBound("max")),
        (#"{"value":"x","min":"1","max":2}"#, .invalidBound("max")),
    ])
    func shapeRejectionsHaveTheirReason(payload: String, rejection: EndpointRejection) {
        #expect(parse("btc-lightning-bolt11", payload) == .failure(rejection))
    }

    @Test(arguments: [
        Addresses.regtestP2WPKH, "{\"value\":\"x\"", "{value:\"x\"}", "{\"value\":\"x\"} x",
    ])
    func malformedJSONIsRejected(payload: String) {
        guard case .failure(.malformedJSON) = parse("btc-regtest-p2wpkh", payload) else {
            Issue.record("expected malformed JSON for \(payload)")
            return
        }
    }

    @Test func boundsAreKeptVerbatimAndNullMeansNone() throws {
        let endpoint = try parse("btc-lightning-lnurl", #"{"value":"v","min":"  1 ","max":""}"#).get()
        #expect(endpoint.min == "  1 ")
        #expect(endpoint.max == "")
        let nulls = try parse("btc-lightning-lnurl", #"{"value":"v","min":null,"max":null}"#).get()
        #expect(nulls.min == nil && nulls.max == nil)
    }

    @Test func whitespaceAroundObjectAndValueIsTrimmed() throws {
        let payload = "\n\t {\"value\":\"  \\n\(Addresses.regtestP2WPKH)\\t \"} \r\n"
        let endpoint = try parse("btc-regtest-p2wpkh", payload).get()
        #expect(endpoint.value == Addresses.regtestP2WPKH)
        #expect(endpoint.payload == payload)
    }

    @Test func unknownKeysAreIgnoredAndDuplicatesResolveToTheLast() throws {
        let endpoint = try parse(
            "btc-regtest-p2tr", #"{"a":[1,{"b":null}],"value":"one","value":"two"}"#
        ).get()
        #expect(endpoint.value == "two")
    }

    @Test func hostileInputIsRejectedWithoutCrashing() {
        let hostile: [[UInt8]] = [
            Array(String(repeating: "[", count: 100_000).utf8),
            Array(("{\"value\":\"x\",\"n\":" + String(repeating: "{\"a\":", count: 100_000)).utf8),
            Array(#"{"value":"x","min":1e999999999}"#.utf8),
            Array(#"{"value":"x","max":-184467440737095516160000000000000000000}"#.utf8),
            [0x7B, 0x22, 0x76, 0x22, 0x3A, 0xFF, 0xFE, 0x7D],
            [0xC3, 0x28],
            [UInt8](repeating: 0x80, count: 1_000),
            [UInt8](repeating: UInt8(ascii: "{"), count: 1 << 20),
            Array(("{\"value\":\"" + String(repeating: "a", count: 1 << 20) + "\"}").utf8),
        ]
        for bytes in hostile {
            let result = EndpointParser.parse(
                identifier: "btc-lightning-bolt11", payloadBytes: bytes, network: .regtest)
            #expect((try? result.get()) == nil)
        }
    }

    @Test func aValueJustUnderTheSizeCapPassesShapeButIsNotPayable() throws {
        let value = String(repeating: "q", count: (1 << 20) - 64)
        let endpoint = try parse("btc-lightning-bolt11", #"{"value":"\#(value)"}"#).get()
        #expect(endpoint.value.utf8.count == value.utf8.count)
        let context = PayabilityContext(network: .regtest, now: testNow, isRequest: true)
        #expect(Payability.evaluate(endpoint, context: context) == .failure(.undecodable))
        for identifier in ["btc-lightning-lnurl", "btc-regtest-p2wpkh"] {
            let other = try parse(identifier, #"{"value":"\#(value)"}"#).get()
            #expect(Payability.evaluate(other, context: context) == .failure(.undecodable))
        }
    }
}
