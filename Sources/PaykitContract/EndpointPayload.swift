/// An endpoint as read from the issuer's payment list: a file name (identifier) and its body.
public struct EndpointPayload: Equatable, Sendable {
    public var identifier: String
    public var payload: String

    public init(identifier: String, payload: String) {
        self.identifier = identifier
        self.payload = payload
    }
}
