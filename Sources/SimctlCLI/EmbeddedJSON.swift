import Foundation

/// JSON another tool printed, carried into this tool's own JSON output as it is (keys re-sorted by
/// the encoder, numbers and texts unchanged).
indirect enum EmbeddedJSON: Encodable {
    case null
    case bool(Bool)
    case number(NSNumber)
    case string(String)
    case array([EmbeddedJSON])
    case object([String: EmbeddedJSON])

    /// The JSON in `text`, or nil when it is not JSON.
    init?(text: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        else { return nil }
        self.init(object)
    }

    init(_ value: Any) {
        switch value {
        case let text as String: self = .string(text)
        case let number as NSNumber:
            // JSON booleans decode as NSNumber with the `c` (char) type on every platform.
            self = String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number)
        case let array as [Any]: self = .array(array.map(EmbeddedJSON.init))
        case let object as [String: Any]: self = .object(object.mapValues(EmbeddedJSON.init))
        default: self = .null
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if let whole = Int64(exactly: number.doubleValue), !number.stringValue.contains(".") {
                try container.encode(whole)
            } else {
                try container.encode(number.doubleValue)
            }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .object(let object):
            var container = encoder.container(keyedBy: Key.self)
            // Sorted, so the output is the same bytes on every run.
            for key in object.keys.sorted() {
                try container.encode(object[key] ?? .null, forKey: Key(stringValue: key))
            }
        }
    }
}
