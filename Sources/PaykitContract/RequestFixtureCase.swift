import ContractNames

/// A request case of the fixture: an identifier list parsed on a network, and the expected result.
public struct RequestFixtureCase: Equatable, Sendable {
    public var name: String
    public var network: BitcoinNetwork
    public var asset: String
    public var acceptedPaymentEndpointIdentifiers: [String]
    public var accepted: Bool
    public var expectedIdentifiers: [String]

    public init(
        name: String, network: BitcoinNetwork, asset: String,
        acceptedPaymentEndpointIdentifiers: [String],
        accepted: Bool, expectedIdentifiers: [String]
    ) {
        self.name = name
        self.network = network
        self.asset = asset
        self.acceptedPaymentEndpointIdentifiers = acceptedPaymentEndpointIdentifiers
        self.accepted = accepted
        self.expectedIdentifiers = expectedIdentifiers
    }
}
