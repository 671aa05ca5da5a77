/// The two checksum variants: BIP173 bech32 and BIP350 bech32m.
public enum Bech32Encoding: Sendable, Equatable {
    case bech32, bech32m

    var constant: UInt32 { self == .bech32 ? 1 : 0x2bc8_30a3 }
}
