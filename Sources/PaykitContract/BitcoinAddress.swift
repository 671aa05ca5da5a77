import ContractNames
import PubkyCrypto

/// A decoded Bitcoin address: Base58Check (P2PKH, P2SH) or segwit bech32/bech32m (BIP173, BIP350).
/// The network is the one the encoding names; testnet, signet and regtest share the Base58 version
/// bytes and testnet and signet share `tb`, so those are detected as `testnet`.
public struct BitcoinAddress: Equatable, Hashable, Sendable {
    /// The network the encoding names: `bitcoin`, `testnet` (also signet and Base58 regtest) or
    /// `regtest` (`bcrt`).
    public let network: BitcoinNetwork
    public let type: AddressType
    /// The hash (Base58) or witness program (segwit).
    public let program: [UInt8]
    /// The text as given.
    public let text: String

    /// Decodes `text` with its checksum.
    public init(_ text: String) throws(BitcoinAddressError) {
        self.text = text
        // No address is longer than 90 characters; refusing early keeps hostile input cheap.
        guard !text.isEmpty, text.utf8.count <= 90 else { throw .undecodable }
        if let segwit = try Self.segwit(text) {
            (network, type, program) = segwit
            return
        }
        guard let payload = Base58.decodeCheck(text) else { throw .undecodable }
        guard payload.count == 21 else { throw .invalidLength }
        program = Array(payload.dropFirst())
        switch payload[0] {
        case 0x00: (network, type) = (.bitcoin, .p2pkh)
        case 0x05: (network, type) = (.bitcoin, .p2sh)
        case 0x6f: (network, type) = (.testnet, .p2pkh)
        case 0xc4: (network, type) = (.testnet, .p2sh)
        default: throw .unknownPrefix
        }
    }

    /// Nil when `text` is not bech32 at all (so Base58 is tried); throws when it is bech32 but invalid
    /// as an address.
    private static func segwit(
        _ text: String
    ) throws(BitcoinAddressError)
        -> (BitcoinNetwork, AddressType, [UInt8])?
    {
        let decoded: Bech32.Decoded
        do {
            decoded = try Bech32.decode(text)
        } catch {
            // Base58 never contains `0`, so text with a separator and a bech32 shape is judged here.
            let lowered = text.lowercased()
            if ["bc1", "tb1", "bcrt1"].contains(where: lowered.hasPrefix) { throw .undecodable }
            return nil
        }
        let network: BitcoinNetwork
        switch decoded.humanReadablePart {
        case "bc": network = .bitcoin
        case "tb": network = .testnet
        case "bcrt": network = .regtest
        default: throw .unknownPrefix
        }
        guard let version = decoded.data.first, version <= 16,
            let program = Bech32.convertBits(Array(decoded.data.dropFirst()), from: 5, to: 8, pad: false),
            (2...40).contains(program.count)
        else { throw .invalidWitnessProgram }
        guard decoded.encoding == (version == 0 ? .bech32 : .bech32m) else {
            throw .invalidWitnessProgram
        }
        let type: AddressType
        switch (version, program.count) {
        case (0, 20): type = .p2wpkh
        case (0, 32): type = .p2wsh
        case (0, _): throw .invalidWitnessProgram
        case (1, 32): type = .p2tr
        default: type = .futureWitness(version: version)
        }
        return (network, type, program)
    }
}

extension BitcoinAddress {
    /// The form used to compare addresses: segwit lowercased (bech32 is case-insensitive), Base58 as is.
    public var canonicalText: String {
        switch type {
        case .p2pkh, .p2sh: return text
        default: return text.lowercased()
        }
    }
}
