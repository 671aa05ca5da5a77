import ContractNames
import Foundation
import Testing

@testable import PaykitContract

struct PayabilityTests {
    func endpoint(_ identifier: PaymentEndpointIdentifier, _ value: String) -> ParsedEndpoint {
        ParsedEndpoint(identifier: identifier, value: value, min: nil, max: nil, payload: "")
    }

    func evaluate(
        _ identifier: PaymentEndpointIdentifier, _ value: String, network: BitcoinNetwork = .regtest,
        isRequest: Bool = true, attempted: Set<[UInt8]> = [], used: Set<String> = []
    ) -> Result<PaymentTarget, NotPayableReason> {
        Payability.evaluate(
            endpoint(identifier, value),
            context: PayabilityContext(
                network: network, now: testNow, isRequest: isRequest, attemptedPaymentHashes: attempted,
                usedAddresses: used))
    }

    func failure(_ result: Result<PaymentTarget, NotPayableReason>) -> NotPayableReason? {
        if case .failure(let reason) = result { return reason }
        return nil
    }

    @Test func aFreshRegtestInvoiceWithRouteHintsIsPayable() throws {
        guard case .bolt11(let invoice) = try evaluate(.bolt11, regtestInvoice()).get() else {
            Issue.record("expected a bolt11 target")
            return
        }
        #expect(invoice.amountMillisats == 100_000_000)
    }

    @Test func bolt11Rules() {
        #expect(failure(evaluate(.bolt11, "lnbcrt1garbage")) == .undecodable)
        #expect(failure(evaluate(.bolt11, regtestInvoice(timestamp: 1_000))) == .expired)
        #expect(failure(evaluate(.bolt11, regtestInvoice(network: .bitcoin))) == .networkMismatch)
        #expect(failure(evaluate(.bolt11, regtestInvoice(network: .signet))) == .networkMismatch)
        #expect(failure(evaluate(.bolt11, regtestInvoice(routeHints: false))) == .missingRouteHints)
        #expect(
            failure(evaluate(.bolt11, regtestInvoice(), attempted: [[UInt8](repeating: 0x42, count: 32)]))
                == .alreadyAttempted)
        // Route hints and attempts only matter for requests.
        #expect(failure(evaluate(.bolt11, regtestInvoice(routeHints: false), isRequest: false)) == nil)
        // A regtest wallet tolerates testnet-detected invoices.
        #expect(failure(evaluate(.bolt11, regtestInvoice(network: .testnet))) == nil)
        #expect(failure(evaluate(.bolt11, regtestInvoice(network: .signet), network: .signet)) == nil)
    }

    @Test func lnurlMustBeAPayRequest() {
        #expect(failure(evaluate(.lnurl, LNURL.encode(url: "https://a.example/p"))) == nil)
        #expect(failure(evaluate(.lnurl, "alice@a.example")) == nil)
        #expect(
            failure(evaluate(.lnurl, LNURL.encode(url: "https://a.example/w?tag=withdrawRequest")))
                == .notPayRequest(.withdraw))
        #expect(
            failure(evaluate(.lnurl, LNURL.encode(url: "https://a.example/a?tag=login&k1=00")))
                == .notPayRequest(.auth))
        #expect(
            failure(evaluate(.lnurl, LNURL.encode(url: "https://a.example/c?tag=channelRequest")))
                == .notPayRequest(.channel))
        #expect(failure(evaluate(.lnurl, regtestInvoice())) == .undecodable)
    }

    @Test func onchainRules() {
        #expect(failure(evaluate(.onchain(.regtest, .p2wpkh), Addresses.regtestP2WPKH)) == nil)
        #expect(failure(evaluate(.onchain(.regtest, .p2tr), Addresses.regtestP2TR)) == nil)
        // Regtest shares testnet's Base58 and `tb` encodings.
        #expect(failure(evaluate(.onchain(.regtest, .p2pkh), Addresses.testnetP2PKH)) == nil)
        #expect(failure(evaluate(.onchain(.regtest, .p2sh), Addresses.testnetP2SH)) == nil)
        #expect(
            failure(evaluate(.onchain(.regtest, .p2wpkh), Addresses.mainnetP2WPKH)) == .networkMismatch)
        #expect(
            failure(evaluate(.onchain(.regtest, .p2pkh), Addresses.mainnetP2PKH)) == .networkMismatch)
        #expect(
            failure(evaluate(.onchain(.bitcoin, .p2tr), Addresses.mainnetP2TR, network: .bitcoin)) == nil)
        #expect(
            failure(evaluate(.onchain(.testnet, .p2wpkh), Addresses.regtestP2WPKH, network: .testnet))
                == .networkMismatch)
        // The identifier's network is re-checked for endpoints built elsewhere.
        #expect(
            failure(evaluate(.onchain(.bitcoin, .p2wpkh), Addresses.regtestP2WPKH)) == .networkMismatch)
        #expect(failure(evaluate(.onchain(.regtest, .p2wpkh), "bcrt1qnotanaddress")) == .undecodable)
        #expect(
            failure(
                evaluate(
                    .onchain(.regtest, .p2wpkh), Addresses.regtestP2WPKH, used: [Addresses.regtestP2WPKH]))
                == .addressUsed)
        #expect(
            failure(
                evaluate(
                    .onchain(.regtest, .p2wpkh), Addresses.regtestP2WPKH.uppercased(),
                    used: [Addresses.regtestP2WPKH]))
                == .addressUsed)
        #expect(
            failure(
                evaluate(
                    .onchain(.regtest, .p2wpkh), Addresses.regtestP2WPKH, isRequest: false,
                    used: [Addresses.regtestP2WPKH])) == nil)
    }
}
