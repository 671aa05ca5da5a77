/// On-chain address decoding for the payability stage (spec/05 §5): network and script type of
/// Base58Check (P2PKH/P2SH) and SegWit (Bech32 v0, Bech32m v1+) addresses.
public enum BitcoinAddress {
  /// What an address pays to.
  public enum ScriptType: Equatable, Sendable {
    case p2pkh, p2sh, p2wpkh, p2wsh, p2tr
    /// A valid SegWit address of a version (or v1 program length) with no defined meaning yet.
    case futureWitness(version: UInt8)
  }

  /// A decoded address.
  public struct Decoded: Equatable, Sendable {
    /// The detected network. Testnet encodings (`tb`, `0x6f`, `0xc4`) are shared by signet and by
    /// regtest's legacy addresses, and are reported as `.testnet`; only `bcrt` is detected as regtest.
    public let network: BitcoinNetwork
    public let type: ScriptType
    /// The 20-byte hash (P2PKH, P2SH) or the witness program.
    public let program: [UInt8]
    /// The witness version for SegWit addresses, nil for Base58 ones.
    public let witnessVersion: UInt8?

    public init(network: BitcoinNetwork, type: ScriptType, program: [UInt8], witnessVersion: UInt8?)
    {
      self.network = network
      self.type = type
      self.program = program
      self.witnessVersion = witnessVersion
    }
  }

  /// The address `text` (exactly, no surrounding whitespace or `bitcoin:` prefix); nil if invalid.
  public static func decode(_ text: String) -> Decoded? {
    decodeSegwit(text) ?? decodeBase58(text)
  }

  /// The canonical (lowercase for SegWit) text of `address`, built from its network, witness version and
  /// program (or, for Base58, its type and hash); nil if those are not a valid address.
  public static func encode(_ address: Decoded) -> String? {
    if let version = address.witnessVersion {
      guard version <= 16, (2...40).contains(address.program.count),
        version != 0 || [20, 32].contains(address.program.count),
        let data = Bech32.convertBits(address.program, from: 8, to: 5, pad: true)
      else { return nil }
      return Bech32.encode(
        hrp: hrp(address.network), data: [version] + data,
        variant: version == 0 ? .bech32 : .bech32m)
    }
    guard address.program.count == 20 else { return nil }
    let testnet = address.network != .bitcoin
    let prefix: UInt8
    switch address.type {
    case .p2pkh: prefix = testnet ? 0x6f : 0x00
    case .p2sh: prefix = testnet ? 0xc4 : 0x05
    default: return nil
    }
    return Base58.encodeCheck([prefix] + address.program)
  }

  private static func hrp(_ network: BitcoinNetwork) -> String {
    switch network {
    case .bitcoin: return "bc"
    case .testnet, .signet: return "tb"
    case .regtest: return "bcrt"
    }
  }

  private static func decodeSegwit(_ text: String) -> Decoded? {
    guard let (hrp, data, variant) = Bech32.decode(text), let version = data.first else {
      return nil
    }
    let network: BitcoinNetwork
    switch hrp {
    case "bc": network = .bitcoin
    case "tb": network = .testnet
    case "bcrt": network = .regtest
    default: return nil
    }
    guard version <= 16, variant == (version == 0 ? .bech32 : .bech32m),
      let program = Bech32.convertBits(Array(data.dropFirst()), from: 5, to: 8, pad: false),
      (2...40).contains(program.count)
    else { return nil }
    let type: ScriptType
    switch (version, program.count) {
    case (0, 20): type = .p2wpkh
    case (0, 32): type = .p2wsh
    case (0, _): return nil
    case (1, 32): type = .p2tr
    default: type = .futureWitness(version: version)
    }
    return Decoded(network: network, type: type, program: program, witnessVersion: version)
  }

  private static func decodeBase58(_ text: String) -> Decoded? {
    guard let payload = Base58.decodeCheck(text), payload.count == 21 else { return nil }
    let hash = Array(payload.dropFirst())
    switch payload[0] {
    case 0x00: return Decoded(network: .bitcoin, type: .p2pkh, program: hash, witnessVersion: nil)
    case 0x05: return Decoded(network: .bitcoin, type: .p2sh, program: hash, witnessVersion: nil)
    case 0x6f: return Decoded(network: .testnet, type: .p2pkh, program: hash, witnessVersion: nil)
    case 0xc4: return Decoded(network: .testnet, type: .p2sh, program: hash, witnessVersion: nil)
    default: return nil
    }
  }
}
