/// An endpoint case of the fixture: an (identifier, payload) pair parsed on regtest, and the
/// expected result. Expected fields are nil for "expect none".
public struct EndpointFixtureCase: Equatable, Sendable {
    public var name: String
    public var identifier: String
    public var payload: String
    public var accepted: Bool
    public var expectedValue: String?
    public var expectedMin: String?
    public var expectedMax: String?

    public init(
        name: String, identifier: String, payload: String, accepted: Bool, expectedValue: String? = nil,
        expectedMin: String? = nil, expectedMax: String? = nil
    ) {
        self.name = name
        self.identifier = identifier
        self.payload = payload
        self.accepted = accepted
        self.expectedValue = expectedValue
        self.expectedMin = expectedMin
        self.expectedMax = expectedMax
    }
}
