import Foundation
import Testing

@testable import PaykitContract

struct EndpointResolutionTests {
    let request = PayabilityContext(network: .regtest, now: testNow, isRequest: true)

    func payload(_ value: String) -> String { #"{"value":"\#(value)"}"# }

    @Test func p1OnchainEndpointOpensWithTheAddress() {
        let outcome = EndpointResolution.resolve(
            endpoints: [
                EndpointPayload(identifier: "btc-regtest-p2wpkh", payload: payload(Addresses.regtestP2WPKH))
            ],
            retained: [.onchain(.regtest, .p2wpkh)], context: request)
        guard case .opened(let selection) = outcome else {
            Issue.record("expected opened, got \(outcome)")
            return
        }
        #expect(selection.paymentText == Addresses.regtestP2WPKH)
        #expect(outcome.reason == nil)
        #expect(outcome.contactPaymentMessage == nil)
    }

    @Test func p4bForeignEndpointOnlyIsNoEndpointNeverNotOpened() {
        let outcome = EndpointResolution.resolve(
            endpoints: [
                EndpointPayload(identifier: "btc-bitcoin-p2wpkh", payload: payload(Addresses.mainnetP2WPKH))
            ],
            retained: [.onchain(.regtest, .p2wpkh)], context: request)
        #expect(outcome == .noEndpoint)
        #expect(outcome.reason == .noSupportedEndpoint)
        #expect(outcome.reason?.rawValue == "no_supported_endpoint")
    }

    @Test func endpointsOutsideTheRetainedIdentifiersDoNotCount() {
        let outcome = EndpointResolution.resolve(
            endpoints: [
                EndpointPayload(identifier: "btc-lightning-bolt11", payload: payload(regtestInvoice()))
            ],
            retained: [.onchain(.regtest, .p2wpkh)], context: request)
        #expect(outcome == .noEndpoint)
    }

    @Test func parsedButUnpayableIsNotOpened() {
        let endpoints = [
            EndpointPayload(identifier: "btc-regtest-p2wpkh", payload: payload(Addresses.mainnetP2WPKH)),
            EndpointPayload(
                identifier: "btc-lightning-bolt11", payload: payload(regtestInvoice(timestamp: 1))),
            EndpointPayload(
                identifier: "btc-lightning-lnurl",
                payload: payload(LNURL.encode(url: "https://a.example/?tag=login"))),
        ]
        let outcome = EndpointResolution.resolve(endpoints: endpoints, retained: nil, context: request)
        #expect(outcome == .notOpened)
        #expect(outcome.reason == .endpointNotPayable)
        #expect(outcome.reason?.rawValue == "endpoint_not_payable")
    }

    @Test func emptyOrShapeRejectedListsAreNoEndpoint() {
        #expect(
            EndpointResolution.resolve(endpoints: [], retained: nil, context: request) == .noEndpoint)
        let broken = [
            EndpointPayload(identifier: "btc-regtest-p2wpkh", payload: ""),
            EndpointPayload(identifier: "btc-regtest-p2wpkh", payload: Addresses.regtestP2WPKH),
            EndpointPayload(identifier: "btc-lightning-bolt12", payload: payload("lno1")),
        ]
        #expect(
            EndpointResolution.resolve(endpoints: broken, retained: nil, context: request) == .noEndpoint)
    }

    @Test func userVisibleStringsAreExact() {
        #expect(ResolutionOutcome.contactPaymentErrorTitle == "Unable To Pay Contact")
        #expect(
            ResolutionOutcome.noEndpoint.contactPaymentMessage
                == "The contact you're trying to send to hasn't enabled payments.")
        #expect(
            ResolutionOutcome.notOpened.contactPaymentMessage
                == "No compatible payment endpoint is available.")
        #expect(
            ResolutionReason.allCases.map(\.rawValue) == [
                "no_supported_endpoint", "endpoint_not_payable", "payment_details_pending",
                "resolution_failed",
            ])
        #expect(
            PresentationReason.allCases.map(\.rawValue) == [
                "invalid_payment_target", "payment_target_not_routable", "request_expired",
            ])
    }

    @Test func preferenceIsBolt11ThenLnurlThenOnchainByScript() {
        let pkh = EndpointPayload(
            identifier: "btc-regtest-p2pkh", payload: payload(Addresses.testnetP2PKH))
        let sh = EndpointPayload(
            identifier: "btc-regtest-p2sh", payload: payload(Addresses.testnetP2SH))
        let wpkh = EndpointPayload(
            identifier: "btc-regtest-p2wpkh", payload: payload(Addresses.regtestP2WPKH))
        let tr = EndpointPayload(
            identifier: "btc-regtest-p2tr", payload: payload(Addresses.regtestP2TR))
        let lnurl = EndpointPayload(
            identifier: "btc-lightning-lnurl", payload: payload("alice@a.example"))
        func chosen(_ endpoints: [EndpointPayload]) -> String? {
            if case .opened(let selection) = EndpointResolution.resolve(
                endpoints: endpoints, retained: nil, context: request)
            {
                return selection.paymentText
            }
            return nil
        }
        #expect(chosen([pkh, sh]) == Addresses.testnetP2SH)
        #expect(chosen([pkh, sh, wpkh]) == Addresses.regtestP2WPKH)
        #expect(chosen([pkh, wpkh, tr, sh]) == Addresses.regtestP2TR)
        #expect(chosen([pkh, tr, lnurl]) == "alice@a.example")
    }

    @Test func bolt11WithAnAddressBuildsAUnifiedURI() {
        let invoice = regtestInvoice()
        let endpoints = [
            EndpointPayload(identifier: "btc-regtest-p2pkh", payload: payload(Addresses.testnetP2PKH)),
            EndpointPayload(identifier: "btc-regtest-p2wpkh", payload: payload(Addresses.regtestP2WPKH)),
            EndpointPayload(identifier: "btc-lightning-lnurl", payload: payload("alice@a.example")),
            EndpointPayload(identifier: "btc-lightning-bolt11", payload: payload(invoice.uppercased())),
        ]
        guard
            case .opened(let selection) = EndpointResolution.resolve(
                endpoints: endpoints, retained: nil, context: request)
        else {
            Issue.record("expected opened")
            return
        }
        #expect(
            selection.paymentText
                == "bitcoin:\(Addresses.regtestP2WPKH)?lightning=\(invoice.uppercased())")
        #expect(selection.primary.identifier == .bolt11)
        #expect(selection.onchainFallback?.identifier == .onchain(.regtest, .p2wpkh))
    }

    @Test func bolt11AloneIsUsedAsIs() {
        let invoice = regtestInvoice()
        let outcome = EndpointResolution.resolve(
            endpoints: [EndpointPayload(identifier: "btc-lightning-bolt11", payload: payload(invoice))],
            retained: [.bolt11], context: request)
        #expect(
            outcome
                == .opened(
                    PaymentSelection(
                        paymentText: invoice,
                        primary: ParsedEndpoint(
                            identifier: .bolt11, value: invoice, min: nil, max: nil, payload: payload(invoice)),
                        onchainFallback: nil)))
    }

    @Test func percentEncodingKeepsOnlyUnreservedCharacters() {
        #expect(EndpointResolution.percentEncoded("lnbc1a-._~Z") == "lnbc1a-._~Z")
        #expect(EndpointResolution.percentEncoded("a b&c=d?é") == "a%20b%26c%3Dd%3F%C3%A9")
        #expect(
            EndpointResolution.unifiedURI(address: "bcrt1q", invoice: "ln bc")
                == "bitcoin:bcrt1q?lightning=ln%20bc")
    }
}
