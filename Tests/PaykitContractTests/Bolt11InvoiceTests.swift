import ContractNames
import Foundation
import Testing

@testable import PaykitContract

struct Bolt11InvoiceTests {
    /// BOLT 11 examples (mainnet, signed by the spec's node key).
    static let donation =
        "lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt8r2t7mlcwspyetp5h2tztugp9lfyql"
    static let coffee =
        "lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh"
    static let hashedDescription =
        "lnbc20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqs9qrsgq7ea976txfraylvgzuxs8kgcw23ezlrszfnh8r6qtfpr6cxga50aj6txm9rxrydzd06dfeawfk6swupvz4erwnyutnjq7x39ymw6j38gp7ynn44"

    /// Regtest and signet invoices signed by an independent BOLT 11 implementation.
    static let regtest100k =
        "lnbcrt1m1pnhfqegpp5y8tz2naqc2c7jqqaejj6x0rh3j2n0mz4w3vygfqchschkqg2vqfqsp5rv3h3kh87rswj95ayzfe287uz886tzwqcmud502n0fjc9hf7fa7qdqcve5hsar4wfjjq6twwehkjcm9xq97zvuqrzjqfumuen7l8wthtz45p3ftn58pvrs9xlumvkuu2xet8egzkcklqtesqqqvsqqqqgqqqqqqqlgqqqqqeqq9q5yq73hq8fa26mq9uc9ycjzw8wc5dl35rxxvkncz8mg35p9zgn0snwf6353e4wrw48k59wy9mrk4xgd2qk3f8ftykk4kmhpz4wxgqaxqp5psmua"
    static let regtestAmountless =
        "lnbcrt1pnhfqegpp5jfsq8vn3l8kqjlslagj6w0xuzdgpza6k3wrxql59pxs3h2w7p30ssp5wj0yug22vz37ujhpdgwc9hyt6a4nnn2zrgwj3lu3mvtgs764uywsdqcve5hsar4wfjjq6twwehkjcm9xq97zvuqrzjqfumuen7l8wthtz45p3ftn58pvrs9xlumvkuu2xet8egzkcklqtesqqqvsqqqqgqqqqqqqlgqqqqqeqq9qa6pz6gxsfhx5dys4jylmr72vths99g2tw4ztk9u6frdqr8ek9e5nxt5pkwcutg4wqxa9gtzgu2mckuz4zhk6usyjm4a3yafceefer5sqcq9dzj"
    static let regtest99999 =
        "lnbcrt999990n1pnhfqegpp5yq6hhzegxwhnl840dge9xk4ct8sr603sat8033dvrlgmw2ergk5qsp55445qkpv4hkman3xl6j58h66z6hp2ptks64l7unfyyz73xuyuulqdqcve5hsar4wfjjq6twwehkjcm9xq97zvuqrzjqfumuen7l8wthtz45p3ftn58pvrs9xlumvkuu2xet8egzkcklqtesqqqvsqqqqgqqqqqqqlgqqqqqeqq9qgscyqd2wn76lsy8rrzeff4asw4r0ar6s6lfk3vm77dxq7thpck4z5q8y7rymxd0lerkfk7htrqelg734duwcwmd5wfxhhqhf3mffevqqnl7z4d"
    static let signet2500 =
        "lntbs25n1pnhfqegpp5cl43f6dxvwh7wzmr5t9ll9h73qnjz5zeezhfcd45au63ac6g7gessp5n5ptdcdgl45qu05vvmecl2qkfw59m0q9uszsru5qrs98mn3c2e6qdqcve5hsar4wfjjq6twwehkjcm9xq97zvuqrzjqfumuen7l8wthtz45p3ftn58pvrs9xlumvkuu2xet8egzkcklqtesqqqvsqqqqgqqqqqqqlgqqqqqeqq9qyu7wz27qcfsswhjd2tvgy76tydtnvsdyzzsdusvns0g778thgyd52x37hnf0nu7mxatgm5gp7vvrj2dxnaexqn3a7shjtugv03e2uxgpfkyvgl"
    static let testnet1msat =
        "lntb10p1pnhfqegpp50k9mnnr0v94mzm9srpw4uppamc5tenlqelzed0zccucg8kyrmdmqsp5v6acwa7p45jxdhzenjgps2mvgx07up0f7z9e6027jpjuntqqzgysdqcve5hsar4wfjjq6twwehkjcm9xq97zvuqrzjqfumuen7l8wthtz45p3ftn58pvrs9xlumvkuu2xet8egzkcklqtesqqqvsqqqqgqqqqqqqlgqqqqqeqq9qtd662gr44vcrra8yz7cfz6z509yw0yvz6w7802ypqmz09n5mf9v9a44uekel53kuetyl2u3xk3ulaqllvlkwezth72lkfxjn6ap8tvspzfzy9n"
    static let regtestNoHints =
        "lnbcrt1m1pnhfqegpp50k9dt0d3lkqx5uplltujee8x8jtum2uq5ea39j3fmx5htvpctlyssp57d2v3fu0e7wlr8dvvzettlme5a3jq2rp9wn7v7zjtkmhrf30jzpqdqcve5hsar4wfjjq6twwehkjcm9xq97zvuqgtmnuxhfhwkcavj2wdsqat9y0kzycg72jk7vyn4wrs92p63vgjhr2yvj06d2m60rlz5uejm0gk4mzlachxxp0k67he4gtr7ycsz75xgqm4y6m8"

    @Test func bolt11SpecExamplesDecode() throws {
        let donation = try Bolt11Invoice(Self.donation)
        #expect(donation.network == .bitcoin)
        #expect(donation.amountMillisats == nil)
        #expect(donation.timestamp == 1_496_314_658)
        #expect(donation.expirySeconds == 3600)
        #expect(
            donation.paymentHash
                == hex("0001020304050607080900010203040506070809000102030405060708090102"))
        #expect(donation.paymentSecret == [UInt8](repeating: 0x11, count: 32))
        #expect(donation.description == "Please consider supporting this project")
        #expect(!donation.hasRouteHints)

        let coffee = try Bolt11Invoice(Self.coffee)
        #expect(coffee.amountMillisats == 250_000_000)
        #expect(coffee.expirySeconds == 60)
        #expect(coffee.description == "1 cup coffee")

        let hashed = try Bolt11Invoice(Self.hashedDescription)
        #expect(hashed.amountMillisats == 2_000_000_000)
        #expect(hashed.description == nil)
        #expect(
            hashed.descriptionHash
                == hex("3925b6f67e2c340036ed12093dd44e0368df1b6ea26c53dbe4811f58fd5db8c1"))
    }

    @Test(arguments: [
        (
            regtest100k, BitcoinNetwork.regtest, UInt64?.some(100_000_000),
            "21d6254fa0c2b1e9001dcca5a33c778c9537ec557458442418bc317b010a6012"
        ),
        (
            regtestAmountless, .regtest, nil,
            "926003b271f9ec097e1fea25a73cdc13501177568b86607e8509a11ba9de0c5f"
        ),
        (
            regtest99999, .regtest, 99_999_000,
            "20357b8b2833af3f9eaf6a32535ab859e03d3e30eacef8c5ac1fd1b72b2345a8"
        ),
        (signet2500, .signet, 2500, "c7eb14e9a663afe70b63a2cbff96fe8827215059c8ae9c36b4ef351ee348f233"),
        (testnet1msat, .testnet, 1, "7d8bb9cc6f616bb16cb0185d5e043dde28bccfe0cfc596bc58c73083d883db76"),
    ])
    func independentlyEncodedInvoicesDecode(
        text: String, network: BitcoinNetwork, amount: UInt64?, hash: String
    ) throws {
        let invoice = try Bolt11Invoice(text)
        #expect(invoice.network == network)
        #expect(invoice.amountMillisats == amount)
        #expect(invoice.paymentHash == hex(hash))
        #expect(invoice.timestamp == 1_735_689_000)
        #expect(invoice.expirySeconds == 31_536_000)
        #expect(invoice.hasRouteHints)
        #expect(
            invoice.routeHints.first?.first
                == Bolt11RouteHop(
                    nodeID: hex("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"),
                    shortChannelID: 100 << 40 | 1 << 16, feeBaseMillisats: 1000,
                    feeProportionalMillionths: 100,
                    cltvExpiryDelta: 40))
    }

    @Test func uppercaseInvoicesDecodeAndMixedCaseDoesNot() throws {
        #expect(try Bolt11Invoice(Self.regtest100k.uppercased()).amountMillisats == 100_000_000)
        let mixed = "L" + Self.regtest100k.dropFirst()
        #expect(throws: Bolt11Error.notBech32(.mixedCase)) { try Bolt11Invoice(mixed) }
    }

    @Test func builderRoundTripsEveryNetworkAndAmountForm() throws {
        for network in BitcoinNetwork.allCases {
            for amount: UInt64? in [
                nil, 1, 10, 100, 1_000, 100_000_000, 99_999_000, 123_456_789, 250_000_000_000,
            ] {
                let text = regtestInvoice(amountMillisats: amount, network: network)
                let invoice = try Bolt11Invoice(text)
                #expect(invoice.network == network)
                #expect(invoice.amountMillisats == amount)
                #expect(invoice.hasRouteHints)
                #expect(invoice.expirySeconds == 3600)
            }
        }
    }

    @Test func expiryIsTimestampPlusExpiry() throws {
        let invoice = try Bolt11Invoice(regtestInvoice(timestamp: 1_000, expirySeconds: 60))
        #expect(!invoice.isExpired(at: Date(timeIntervalSince1970: 1_059)))
        #expect(invoice.isExpired(at: Date(timeIntervalSince1970: 1_060)))
        let defaulted = try Bolt11Invoice(regtestInvoice(timestamp: 1_000, expirySeconds: nil))
        #expect(defaulted.expirySeconds == 3600)
        #expect(defaulted.isExpired(at: Date(timeIntervalSince1970: 4_600)))
    }

    @Test(arguments: [
        "", "lnbcrt", "lnbcrt1", "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080",
        Addresses.mainnetP2WPKH,
        "lnxy1pvjluezsp5zyg3zyg3",
        "LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS",
    ])
    func nonInvoicesAreRejected(text: String) {
        #expect(throws: Bolt11Error.self) { try Bolt11Invoice(text) }
    }

    @Test func corruptedChecksumIsRejected() {
        var characters = Array(Self.regtest100k)
        characters[characters.count - 3] = characters[characters.count - 3] == "q" ? "p" : "q"
        #expect(throws: Bolt11Error.notBech32(.invalidChecksum)) {
            try Bolt11Invoice(String(characters))
        }
    }

    @Test func malformedAmountsAreRejected() {
        for hrp in [
            "lnbcrt1x", "lnbcrt0m", "lnbcrt11p", "lnbcrtm", "lnbcrt99999999999999999999",
            "lnbcrt184467440737095517n",
        ] {
            let text = Bech32.encode(
                humanReadablePart: hrp, data: [UInt8](repeating: 0, count: 120), encoding: .bech32)
            #expect(throws: Bolt11Error.invalidAmount) { try Bolt11Invoice(text) }
        }
    }

    @Test func invoicesMissingRequiredFieldsAreRejected() {
        let noHash = Bech32.encode(
            humanReadablePart: "lnbcrt", data: [UInt8](repeating: 0, count: 7 + 104), encoding: .bech32)
        #expect(throws: Bolt11Error.missingPaymentHash) { try Bolt11Invoice(noHash) }
        let truncated = Bech32.encode(
            humanReadablePart: "lnbcrt", data: [UInt8](repeating: 0, count: 50), encoding: .bech32)
        #expect(throws: Bolt11Error.truncated) { try Bolt11Invoice(truncated) }
        let bech32m = Bech32.encode(
            humanReadablePart: "lnbcrt", data: [UInt8](repeating: 0, count: 120), encoding: .bech32m)
        #expect(throws: Bolt11Error.wrongChecksumVariant) { try Bolt11Invoice(bech32m) }
    }

    @Test func hugeInvoicesAreHandledWithoutCrashing() {
        let data = (0..<(1 << 20)).map { UInt8($0 % 32) }
        let text = Bech32.encode(humanReadablePart: "lnbcrt", data: data, encoding: .bech32)
        #expect(throws: Bolt11Error.self) { try Bolt11Invoice(text) }
    }
}
