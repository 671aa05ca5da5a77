import Foundation

/// A tiny path language over JSON values: `.key`, `[N]`, `[*]` (every element) and
/// `[?key=value]` (elements whose `key` equals `value`); `$` is the whole document.
enum JSONPath {
    struct Failure: Error, Equatable { let message: String }

    enum Component: Equatable {
        case key(String)
        case index(Int)
        case all
        case filter(key: String, value: String)
    }

    static func parse(_ path: String) throws(Failure) -> [Component] {
        var components: [Component] = []
        var chars = Array(path)
        if chars.first == "$" { chars.removeFirst() }
        var i = 0
        while i < chars.count {
            switch chars[i] {
            case ".":
                i += 1
                var key = ""
                while i < chars.count, chars[i] != ".", chars[i] != "[" {
                    key.append(chars[i])
                    i += 1
                }
                guard !key.isEmpty else { throw Failure(message: "empty key in path '\(path)'") }
                components.append(.key(key))
            case "[":
                guard let close = chars[i...].firstIndex(of: "]") else {
                    throw Failure(message: "unclosed [ in path '\(path)'")
                }
                let inside = String(chars[(i + 1)..<close])
                if inside == "*" {
                    components.append(.all)
                } else if let index = Int(inside) {
                    components.append(.index(index))
                } else if inside.hasPrefix("?"), let equals = inside.firstIndex(of: "=") {
                    components.append(
                        .filter(
                            key: String(inside[inside.index(after: inside.startIndex)..<equals]),
                            value: String(inside[inside.index(after: equals)...])))
                } else {
                    throw Failure(message: "bad selector [\(inside)] in path '\(path)'")
                }
                i = close + 1
            default:
                throw Failure(message: "path '\(path)' must start with . or $")
            }
        }
        return components
    }

    /// The value at `path`; nil when a key is missing. After `[*]` or a filter, the rest of the
    /// path applies to each element and the result is an array — except that an index or another
    /// filter right after a filter selects among the matching elements.
    static func evaluate(_ components: [Component], in value: Any?) -> Any? {
        guard let first = components.first else { return value }
        let rest = Array(components.dropFirst())
        switch first {
        case .key(let key):
            guard let object = value as? [String: Any] else { return nil }
            return evaluate(rest, in: object[key])
        case .index(let index):
            guard let array = value as? [Any] else { return nil }
            let position = index < 0 ? array.count + index : index
            guard array.indices.contains(position) else { return nil }
            return evaluate(rest, in: array[position])
        case .all:
            guard let array = value as? [Any] else { return nil }
            return array.map { evaluate(rest, in: $0) ?? NSNull() }
        case .filter(let key, let wanted):
            guard let array = value as? [Any] else { return nil }
            let matching = array.filter { element in
                guard let object = element as? [String: Any], let field = object[key] else { return false }
                return describe(field, quoteStrings: false) == wanted
            }
            // A filter's elements are objects, so an index or a second filter right after it narrows
            // the selection itself: `[?account=X][-1]`, `[?account=X][?op=delete]`.
            if let next = rest.first, case .index = next { return evaluate(rest, in: matching) }
            if let next = rest.first, case .filter = next { return evaluate(rest, in: matching) }
            return matching.map { evaluate(rest, in: $0) ?? NSNull() }
        }
    }

    /// Canonical compact JSON text of a value (sorted keys), for comparison and messages.
    static func describe(_ value: Any?, quoteStrings: Bool = true) -> String {
        guard let value, !(value is NSNull) else { return "null" }
        if let string = value as? String { return quoteStrings ? JSONText.string(string) : string }
        if let number = value as? NSNumber {
            // JSON booleans decode as NSNumber with the `c` (char) type on every platform.
            if String(cString: number.objCType) == "c" { return number.boolValue ? "true" : "false" }
            return number.stringValue
        }
        if let bool = value as? Bool { return bool ? "true" : "false" }
        guard JSONSerialization.isValidJSONObject(value),
            let data = try? JSONSerialization.data(
                withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return "\(value)" }
        return String(decoding: data, as: UTF8.self)
    }
}
