import ContractNames
import Testing

@testable import PaykitContract

struct BitcoinAddressTests {
    @Test(arguments: [
        // BIP173 / BIP350 valid addresses.
        (
            "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", BitcoinNetwork.bitcoin, AddressType.p2wpkh,
            "751e76e8199196d454941c45d1b3a323f1433bd6"
        ),
        (
            "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", .testnet, .p2wsh,
            "1863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262"
        ),
        (
            "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y", .bitcoin,
            .futureWitness(version: 1),
            "751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6"
        ),
        ("BC1SW50QGDZ25J", .bitcoin, .futureWitness(version: 16), "751e"),
        (
            "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", .bitcoin, .futureWitness(version: 2),
            "751e76e8199196d454941c45d1b3a323"
        ),
        (
            "tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy", .testnet, .p2wsh,
            "000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433"
        ),
        (
            "tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c", .testnet, .p2tr,
            "000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433"
        ),
        (
            "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", .bitcoin, .p2tr,
            "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
        ),
        // Base58Check.
        (
            "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", .bitcoin, .p2pkh,
            "77bff20c60e522dfaa3350c39b030a5d004e839a"
        ),
        (
            "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", .bitcoin, .p2sh,
            "b472a266d0bd89c13706a4132ccfb16f7c3b9fcb"
        ),
        (
            "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn", .testnet, .p2pkh,
            "243f1394f44554f4ce3fd68649c19adc483ce924"
        ),
        (
            "2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc", .testnet, .p2sh,
            "4e9f39ca4688ff102128ea4ccda34105324305b0"
        ),
        // Regtest bech32 (computed with the reference implementation).
        (
            "bcrt1qw7us5hdzk8gakdyhtnrf8eu32kz7z6x9ldsjsd", .regtest, .p2wpkh,
            "77b90a5da2b1d1db34975cc693e7915585e168c5"
        ),
    ])
    func validAddressesDecodeWithNetworkTypeAndProgram(
        text: String, network: BitcoinNetwork, type: AddressType, program: String
    ) throws {
        let address = try BitcoinAddress(text)
        #expect(address.network == network)
        #expect(address.type == type)
        #expect(address.program == hex(program))
    }

    @Test(arguments: [
        "tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut",  // invalid hrp
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd",  // v1 with bech32
        "tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf",  // v2 with bech32
        "BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL",  // v16 with bech32
        "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh",  // v0 with bech32m
        "tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47",  // v0 with bech32m
        "bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4",  // invalid character
        "BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R",  // version 17
        "bc1pw5dgrnzv",  // 1-byte program
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav",  // 41 bytes
        "BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P",  // v0 16-byte program
        "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq",  // mixed case
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf",  // >4 bits padding
        "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j",  // non-zero padding
        "bc1gmk9yu",  // empty data
        "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T5",  // checksum typo
        "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3",  // Base58 checksum typo
        "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0",  // not Base58
        "5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ",  // WIF key, not an address
        "", " ", "bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", " 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
    ])
    func invalidAddressesAreRejected(text: String) {
        #expect(throws: BitcoinAddressError.self) { try BitcoinAddress(text) }
    }

    @Test func hugeInputIsRejectedCheaply() {
        let text = String(repeating: "1", count: 1 << 20)
        #expect(throws: BitcoinAddressError.undecodable) { try BitcoinAddress(text) }
    }

    @Test func regtestWalletAcceptsTestnetDetectionsAndOtherwiseNetworksMustBeEqual() {
        #expect(BitcoinNetwork.regtest.accepts(detected: .testnet))
        #expect(BitcoinNetwork.regtest.accepts(detected: .regtest))
        #expect(!BitcoinNetwork.regtest.accepts(detected: .bitcoin))
        #expect(!BitcoinNetwork.testnet.accepts(detected: .regtest))
        #expect(!BitcoinNetwork.signet.accepts(detected: .testnet))
        #expect(!BitcoinNetwork.bitcoin.accepts(detected: .testnet))
        for network in BitcoinNetwork.allCases {
            #expect(network.accepts(detected: nil))
            #expect(network.accepts(detected: network))
        }
    }
}

struct Bech32Tests {
    @Test(arguments: [
        // BIP173 and BIP350 valid checksums.
        ("A12UEL5L", Bech32Encoding.bech32), ("a12uel5l", .bech32),
        (
            "an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs",
            .bech32
        ),
        ("abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw", .bech32),
        (
            "11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j",
            .bech32
        ),
        ("split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w", .bech32),
        ("A1LQFN3A", .bech32m), ("a1lqfn3a", .bech32m),
        ("abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx", .bech32m),
        ("split1checkupstagehandshakeupstreamerranterredcaperredlc445v", .bech32m),
        ("?1v759aa", .bech32m),
    ])
    func validChecksumsDecode(text: String, encoding: Bech32Encoding) throws {
        #expect(try Bech32.decode(text).encoding == encoding)
    }

    @Test(arguments: [
        "an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx",
        "pzry9x0s0muk", "1pzry9x0s0muk", "x1b4n0q5v", "li1dgmt3", "A1G7SGD8", "10a06t8", "1qzzfhee",
        "qyrz8wqd2c9m", "1qyrz8wqd2c9m", "y1b0jsk6g", "lt1igcx5c0", "in1muywd", "mm1crxm3i",
        "au1s5cgom",
        "M1VUXWEZ", "16plkw9", "1p2gdwpf",
    ])
    func invalidStringsAreRejected(text: String) {
        #expect(throws: Bech32Error.self) { try Bech32.decode(text) }
    }

    @Test func encodeRoundTripsBothVariants() throws {
        for encoding in [Bech32Encoding.bech32, .bech32m] {
            let data: [UInt8] = (0..<40).map { UInt8($0 % 32) }
            let text = Bech32.encode(humanReadablePart: "bcrt", data: data, encoding: encoding)
            let decoded = try Bech32.decode(text)
            #expect(decoded.data == data)
            #expect(decoded.encoding == encoding)
            #expect(decoded.humanReadablePart == "bcrt")
        }
    }

    @Test func lengthLimitIsOptional() throws {
        let data = [UInt8](repeating: 3, count: 200)
        let text = Bech32.encode(humanReadablePart: "lnbc", data: data, encoding: .bech32)
        #expect(throws: Bech32Error.tooLong) { try Bech32.decode(text) }
        #expect(try Bech32.decode(text, maximumLength: nil).data == data)
    }
}
