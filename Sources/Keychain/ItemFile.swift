import Foundation

/// The JSON content of one `.item` file (SharedGroup/README.md, "Item files").
enum ItemFile {
    /// Bumped on any incompatible change; files with another version are preserved and skipped.
    static let formatVersion = 1
    /// `kSecClassGenericPassword`, the only class the simulator stores.
    static let itemClass = "genp"
    /// Item files larger than this are skipped without being read (and refused on write).
    static let sizeCap = 1 << 20

    /// Why bytes are not a usable item.
    enum Rejection: Error, Equatable {
        /// Not JSON, or JSON that is not an item of this format.
        case malformed(String)
        /// A well-formed item of another format version: kept untouched.
        case unsupportedVersion(Int)

        var reason: String {
            switch self {
            case .malformed(let reason): return reason
            case .unsupportedVersion(let version): return "unsupported item format version \(version)"
            }
        }
    }

    /// Pretty-printed JSON with a fixed field order, so files diff and read well.
    static func encode(_ item: KeychainItem) -> [UInt8] {
        let fields: [(String, String)] = [
            ("format", String(formatVersion)),
            ("class", quoted(itemClass)),
            ("accessGroup", quoted(item.accessGroup)),
            ("service", quoted(item.service)),
            ("account", quoted(item.account)),
            ("accessibility", quoted(item.accessibility.rawValue)),
            ("synchronizable", item.synchronizable ? "true" : "false"),
            ("createdAt", quoted(Timestamp.format(item.createdAt))),
            ("modifiedAt", quoted(Timestamp.format(item.modifiedAt))),
            ("writer", quoted(item.writer)),
            ("sequence", String(item.sequence)),
            ("data", quoted(Data(item.data).base64EncodedString())),
        ]
        let body = fields.map { "  \(quoted($0.0)): \($0.1)" }.joined(separator: ",\n")
        return Array("{\n\(body)\n}\n".utf8)
    }

    /// The item `bytes` hold; `decoder` is reused across a folder scan because creating one per file
    /// costs more than the decoding itself.
    static func decode(_ bytes: [UInt8], decoder: JSONDecoder) throws(Rejection) -> KeychainItem {
        let record: Record
        do {
            record = try decoder.decode(Record.self, from: Data(bytes))
        } catch let rejection as Rejection {
            throw rejection
        } catch let error as DecodingError {
            throw .malformed(describe(error))
        } catch {
            throw .malformed("not valid JSON")
        }
        guard record.itemClass == itemClass else {
            throw .malformed("class is \(record.itemClass), not \(itemClass)")
        }
        guard let accessibility = Accessibility(rawValue: record.accessibility) else {
            throw .malformed("unknown accessibility \(record.accessibility)")
        }
        guard let createdAt = Timestamp.parse(record.createdAt) else {
            throw .malformed("invalid createdAt")
        }
        guard let modifiedAt = Timestamp.parse(record.modifiedAt) else {
            throw .malformed("invalid modifiedAt")
        }
        guard let data = Data(base64Encoded: record.data) else {
            throw .malformed("data is not base64")
        }
        return KeychainItem(
            accessGroup: record.accessGroup, service: record.service, account: record.account,
            data: Array(data),
            accessibility: accessibility, synchronizable: record.synchronizable, createdAt: createdAt,
            modifiedAt: modifiedAt, writer: record.writer, sequence: record.sequence)
    }

    private struct Record: Decodable {
        var itemClass: String
        var accessGroup: String
        var service: String
        var account: String
        var accessibility: String
        var synchronizable: Bool
        var createdAt: String
        var modifiedAt: String
        var writer: String
        var sequence: UInt64
        var data: String

        private enum Key: String, CodingKey {
            case format, itemClass = "class", accessGroup, service, account, accessibility, synchronizable
            case createdAt, modifiedAt, writer, sequence, data
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            // The version is checked first: a future format may have different fields.
            let format = try container.decode(Int.self, forKey: .format)
            guard format == ItemFile.formatVersion else { throw Rejection.unsupportedVersion(format) }
            itemClass = try container.decode(String.self, forKey: .itemClass)
            accessGroup = try container.decode(String.self, forKey: .accessGroup)
            service = try container.decode(String.self, forKey: .service)
            account = try container.decode(String.self, forKey: .account)
            accessibility = try container.decode(String.self, forKey: .accessibility)
            synchronizable = try container.decode(Bool.self, forKey: .synchronizable)
            createdAt = try container.decode(String.self, forKey: .createdAt)
            modifiedAt = try container.decode(String.self, forKey: .modifiedAt)
            writer = try container.decode(String.self, forKey: .writer)
            sequence = try container.decode(UInt64.self, forKey: .sequence)
            data = try container.decode(String.self, forKey: .data)
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): return "missing field \(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return field.isEmpty ? "not a JSON object" : "field \(field) has the wrong type"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "not valid JSON"
                : "invalid value in \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        @unknown default: return "not a valid item"
        }
    }

    /// A JSON string literal; non-ASCII stays as UTF-8.
    private static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
