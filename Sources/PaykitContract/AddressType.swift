/// The output script an address pays to.
public enum AddressType: Equatable, Hashable, Sendable {
    case p2pkh, p2sh, p2wpkh, p2wsh, p2tr
    /// A valid segwit address of a version or length no current script type uses (BIP350 keeps these
    /// spendable-to for forward compatibility).
    case futureWitness(version: UInt8)

    /// The identifier script this type corresponds to, if any.
    public var endpointScript: EndpointScript? {
        switch self {
        case .p2pkh: return .p2pkh
        case .p2sh: return .p2sh
        case .p2wpkh: return .p2wpkh
        case .p2tr: return .p2tr
        case .p2wsh, .futureWitness: return nil
        }
    }
}
