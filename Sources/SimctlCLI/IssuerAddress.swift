import ContractNames
import PaykitContract
import PubkyCrypto

/// Fresh addresses an issuer publishes: a random hash or witness program from the world's seed,
/// encoded for the network and script type (Base58Check or BIP173/BIP350 segwit).
enum IssuerAddress {
    enum Kind: String, CaseIterable {
        case p2tr, p2wpkh, p2sh, p2pkh
    }

    static func make(network: BitcoinNetwork, kind: Kind, random: inout SeededRandom) -> String {
        switch kind {
        case .p2wpkh: return segwit(network: network, version: 0, program: random.bytes(20))
        case .p2tr: return segwit(network: network, version: 1, program: random.bytes(32))
        case .p2pkh: return Base58.encodeCheck([network == .bitcoin ? 0x00 : 0x6f] + random.bytes(20))
        case .p2sh: return Base58.encodeCheck([network == .bitcoin ? 0x05 : 0xc4] + random.bytes(20))
        }
    }

    private static func segwit(network: BitcoinNetwork, version: UInt8, program: [UInt8]) -> String {
        let hrp: String
        switch network {
        case .bitcoin: hrp = "bc"
        case .testnet, .signet: hrp = "tb"
        case .regtest: hrp = "bcrt"
        }
        let data = [version] + (Bech32.convertBits(program, from: 8, to: 5, pad: true) ?? [])
        return Bech32.encode(humanReadablePart: hrp, data: data, encoding: version == 0 ? .bech32 : .bech32m)
    }
}
