import PubkyCrypto
import Testing

/// BIP173/BIP350 valid addresses with their scriptPubKey (version opcode, push length, program).
private let validSegwit: [(String, String)] = [
  ("BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "0014751e76e8199196d454941c45d1b3a323f1433bd6"),
  (
    "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",
    "00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262"
  ),
  (
    "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
    "5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6"
  ),
  ("BC1SW50QGDZ25J", "6002751e"),
  ("bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", "5210751e76e8199196d454941c45d1b3a323"),
  (
    "tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy",
    "0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433"
  ),
  (
    "tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c",
    "5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433"
  ),
  (
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
    "512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
  ),
]

@Test func bitcoinAddressDecodesTheBIP173AndBIP350ValidVectors() throws {
  for (text, script) in validSegwit {
    let decoded = try #require(BitcoinAddress.decode(text), "\(text)")
    let version = try #require(decoded.witnessVersion)
    let opcode: UInt8 = version == 0 ? 0 : 0x50 + version
    #expect([opcode, UInt8(decoded.program.count)] + decoded.program == hex(script), "\(text)")
    #expect(BitcoinAddress.encode(decoded) == text.lowercased())
  }
}

@Test func bitcoinAddressDetectsNetworkAndTypeOfSegwitAddresses() throws {
  let cases: [(String, BitcoinNetwork, BitcoinAddress.ScriptType)] = [
    ("BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", .bitcoin, .p2wpkh),
    ("tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", .testnet, .p2wsh),
    ("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", .bitcoin, .p2tr),
    ("tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c", .testnet, .p2tr),
    (
      "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y", .bitcoin,
      .futureWitness(version: 1)
    ),
    ("BC1SW50QGDZ25J", .bitcoin, .futureWitness(version: 16)),
    // Computed with the BIP173 reference code (Bech32m constant added for v1).
    ("bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080", .regtest, .p2wpkh),
    ("bcrt1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqjsgj9x", .regtest, .p2wsh),
    ("bcrt1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqc8gma6", .regtest, .p2tr),
  ]
  for (text, network, type) in cases {
    let decoded = try #require(BitcoinAddress.decode(text), "\(text)")
    #expect(decoded.network == network, "\(text)")
    #expect(decoded.type == type, "\(text)")
  }
}

@Test func bitcoinAddressRejectsTheBIP173AndBIP350InvalidVectors() {
  let invalid = [
    // BIP350
    "tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut",  // unknown hrp
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd",  // v1 with Bech32
    "tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf",  // v2 with Bech32
    "BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL",  // v16 with Bech32
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh",  // v0 with Bech32m
    "tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47",  // v0 with Bech32m
    "bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4",  // invalid character in checksum
    "BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R",  // witness version 17
    "bc1pw5dgrnzv",  // 1-byte program
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav",  // 41-byte program
    "BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P",  // 16-byte v0 program
    "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq",  // mixed case
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf",  // more than 4 padding bits
    "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j",  // non-zero padding
    "bc1gmk9yu",  // empty data
    // BIP173
    "tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty",  // unknown hrp
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5",  // bad checksum
    "BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2",  // witness version 17
    "bc1rw5uspcuh",  // 1-byte program
    "bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90",  // 41-byte program
    "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7",  // mixed case
    "bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du",  // more than 4 padding bits
    "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv",  // non-zero padding
    // Other chains, whitespace, empty.
    "ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9", " bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    "",
  ]
  for text in invalid { #expect(BitcoinAddress.decode(text) == nil, "\(text)") }
}

@Test func bitcoinAddressDecodesBase58Addresses() throws {
  let hash = hex("751e76e8199196d454941c45d1b3a323f1433bd6")
  // Expected texts computed independently (Python) from version byte ‖ hash.
  let cases: [(String, BitcoinNetwork, BitcoinAddress.ScriptType)] = [
    ("1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", .bitcoin, .p2pkh),
    ("3CNHUhP3uyB9EUtRLsmvFUmvGdjGdkTxJw", .bitcoin, .p2sh),
    ("mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r", .testnet, .p2pkh),
    ("2N3vVYSK5XRgVSGWy21PnsRmBUywSQNdCsf", .testnet, .p2sh),
  ]
  for (text, network, type) in cases {
    let decoded = try #require(BitcoinAddress.decode(text), "\(text)")
    #expect(
      decoded
        == BitcoinAddress.Decoded(network: network, type: type, program: hash, witnessVersion: nil))
    #expect(BitcoinAddress.encode(decoded) == text)
  }
  #expect(BitcoinAddress.decode("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")?.type == .p2pkh)
}

@Test func bitcoinAddressRejectsBadBase58Addresses() {
  for text in [
    "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMJ",  // checksum
    "LVuDpNCSSj6pQ7t9Pv6d6sUkLKoqDEVUnJ",  // Litecoin version 0x30
    "13RJa7YdZQz3JHotw6gx1sco2AAPDrMZM",  // 19-byte hash
    "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAM0",  // not Base58
  ] {
    #expect(BitcoinAddress.decode(text) == nil, "\(text)")
  }
}

@Test func bitcoinAddressEncodesSignetAndRegtestWithTheirSharedPrefixes() {
  let hash = hex("751e76e8199196d454941c45d1b3a323f1433bd6")
  let signet = BitcoinAddress.Decoded(
    network: .signet, type: .p2wpkh, program: hash, witnessVersion: 0)
  #expect(BitcoinAddress.encode(signet) == "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx")
  let regtestLegacy = BitcoinAddress.Decoded(
    network: .regtest, type: .p2pkh, program: hash, witnessVersion: nil)
  #expect(BitcoinAddress.encode(regtestLegacy) == "mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r")
  let shortV0 = BitcoinAddress.Decoded(
    network: .bitcoin, type: .p2wpkh, program: Array(hash.prefix(16)), witnessVersion: 0)
  #expect(BitcoinAddress.encode(shortV0) == nil)
  let segwitTypeWithoutVersion = BitcoinAddress.Decoded(
    network: .bitcoin, type: .p2tr, program: hash, witnessVersion: nil)
  #expect(BitcoinAddress.encode(segwitTypeWithoutVersion) == nil)
}
