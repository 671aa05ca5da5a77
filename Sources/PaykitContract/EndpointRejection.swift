/// Why an endpoint failed the shape stage (spec/05 §3). Never echoes payload content.
public enum EndpointRejection: Error, Equatable, Sendable {
    /// Not one of the 18 identifiers.
    case unsupportedIdentifier
    /// An on-chain identifier for another network than the wallet's (early network gating).
    case wrongNetwork
    /// Empty or whitespace-only payload.
    case emptyPayload
    /// Not strict JSON (including non-UTF-8 bytes, excessive size or depth).
    case malformedJSON(JSONParseError)
    /// Valid JSON whose top level is not an object.
    case notAnObject
    case missingValue
    case valueNotString
    case emptyValue
    /// `min` or `max` is neither a string nor null.
    case invalidBound(String)
}

extension EndpointRejection: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unsupportedIdentifier: return "unsupported identifier"
        case .wrongNetwork: return "on-chain identifier for another network"
        case .emptyPayload: return "empty payload"
        case .malformedJSON(let error): return "payload is not strict JSON (\(error))"
        case .notAnObject: return "payload is not a JSON object"
        case .missingValue: return "missing value"
        case .valueNotString: return "value is not a string"
        case .emptyValue: return "value is empty"
        case .invalidBound(let key): return "\(key) is neither a string nor null"
        }
    }
}
