/// A JSON value as the strict parser reads it. Numbers keep their source text so that a huge or
/// high-precision number can never overflow or lose digits while parsing.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The string payload, or nil for any other type.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The object payload, or nil for any other type.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The array payload, or nil for any other type.
    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// JSON type name, for error messages that must not echo issuer content.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
