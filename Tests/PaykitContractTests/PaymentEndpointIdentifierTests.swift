import Testing

@testable import PaykitContract

struct PaymentEndpointIdentifierTests {
    @Test func exactlyTheEighteenSpecStringsAreSupported() {
        let expected = [
            "btc-lightning-bolt11", "btc-lightning-lnurl",
            "btc-bitcoin-p2tr", "btc-bitcoin-p2wpkh", "btc-bitcoin-p2sh", "btc-bitcoin-p2pkh",
            "btc-testnet-p2tr", "btc-testnet-p2wpkh", "btc-testnet-p2sh", "btc-testnet-p2pkh",
            "btc-signet-p2tr", "btc-signet-p2wpkh", "btc-signet-p2sh", "btc-signet-p2pkh",
            "btc-regtest-p2tr", "btc-regtest-p2wpkh", "btc-regtest-p2sh", "btc-regtest-p2pkh",
        ]
        #expect(PaymentEndpointIdentifier.allCases.map(\.rawValue) == expected)
        for text in expected {
            #expect(PaymentEndpointIdentifier(rawValue: text)?.rawValue == text)
        }
    }

    @Test(arguments: [
        "btc-lightning-bolt12", "btc-lightning-lnurl-pay", "Btc-lightning-bolt11", "btc-regtest-P2WPKH",
        "", "btc-regtest-p2wsh", "btc-mainnet-p2tr", " btc-lightning-bolt11", "btc-lightning-bolt11 ",
        "btc_lightning_bolt11", "lightning-bolt11",
    ])
    func everythingElseIsUnknown(text: String) {
        #expect(PaymentEndpointIdentifier(rawValue: text) == nil)
    }

    @Test func preferenceIsBolt11LnurlThenP2trP2wpkhP2shP2pkh() {
        let shuffled: [PaymentEndpointIdentifier] = [
            .onchain(.regtest, .p2pkh), .lnurl, .onchain(.regtest, .p2sh), .bolt11,
            .onchain(.regtest, .p2wpkh), .onchain(.regtest, .p2tr),
        ]
        #expect(
            shuffled.sorted { $0.preferenceRank < $1.preferenceRank } == [
                .bolt11, .lnurl, .onchain(.regtest, .p2tr), .onchain(.regtest, .p2wpkh),
                .onchain(.regtest, .p2sh), .onchain(.regtest, .p2pkh),
            ])
    }
}
