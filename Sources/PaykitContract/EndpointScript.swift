/// The on-chain script types an endpoint identifier can name, in Bitkit's preference order.
public enum EndpointScript: String, CaseIterable, Codable, Sendable {
    case p2tr, p2wpkh, p2sh, p2pkh
}
