/// Why a text could not even be read as a request record.
public enum PaymentRequestRecordError: Error, Equatable, Sendable {
    case malformedJSON(JSONParseError)
    case notAnObject
}

extension PaymentRequestRecordError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .malformedJSON(let error): return "request is not strict JSON (\(error))"
        case .notAnObject: return "request is not a JSON object"
        }
    }
}
