import Foundation

/// A tiny path language over JSON values: `.key`, `[N]`, `[*]` (every element) and
/// `[?key=value]` (elements whose `key` equals `value`); `$` is the whole document.
package enum JSONPath {
    package struct Failure: Error, Equatable { let message: String }

    package enum Component: Equatable {
        case key(String)
        case index(Int)
        case all
        case filter(key: String, value: String)

        /// The component as written in a path.
        package var text: String {
            switch self {
            case .key(let key): return "." + key
            case .index(let index): return "[\(index)]"
            case .all: return "[*]"
            case .filter(let key, let value): return "[?\(key)=\(value)]"
            }
        }
    }

    /// What a path selects: a value (a JSON null, an empty list after `[*]` are values), or nothing —
    /// a missing key, an index out of range, a filter no element passes — with the number of leading
    /// components that still matched, so a message can name the part that did not.
    package enum Selection {
        case value(Any)
        case nothing(matched: Int)

        package var value: Any? {
            if case .value(let value) = self { return value }
            return nil
        }
    }

    package static func parse(_ path: String) throws(Failure) -> [Component] {
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

    /// The components as a path again (for messages).
    package static func text(_ components: ArraySlice<Component>) -> String {
        components.isEmpty ? "$" : components.map(\.text).joined()
    }

    /// The value at `path`, or nil when it matches nothing (see `select`).
    package static func evaluate(_ components: [Component], in value: Any?) -> Any? {
        guard let value else { return nil }
        return select(components, in: value).value
    }

    /// What `components` select in `value`. After `[*]` or a filter the rest of the path applies to
    /// each element and the result is a list — except that an index or another filter right after a
    /// filter selects among the matching elements. An element the rest matches nothing in shows as
    /// null, unless no element matches: then the whole path matches nothing.
    package static func select(_ components: [Component], in value: Any, depth: Int = 0) -> Selection {
        guard depth < components.count else { return .value(value) }
        switch components[depth] {
        case .key(let key):
            guard let object = value as? [String: Any], let field = object[key] else { return .nothing(matched: depth) }
            return select(components, in: field, depth: depth + 1)
        case .index(let index):
            guard let array = value as? [Any] else { return .nothing(matched: depth) }
            let position = index < 0 ? array.count + index : index
            guard array.indices.contains(position) else { return .nothing(matched: depth) }
            return select(components, in: array[position], depth: depth + 1)
        case .all:
            guard let array = value as? [Any] else { return .nothing(matched: depth) }
            return each(array, components, depth: depth + 1)
        case .filter(let key, let wanted):
            guard let array = value as? [Any] else { return .nothing(matched: depth) }
            let matching = array.filter { element in
                guard let object = element as? [String: Any], let field = object[key] else { return false }
                return describe(field, quoteStrings: false) == wanted
            }
            guard !matching.isEmpty else { return .nothing(matched: depth) }
            // A filter's elements are objects, so an index or a second filter right after it narrows
            // the selection itself: `[?account=X][-1]`, `[?account=X][?op=delete]`.
            if depth + 1 < components.count {
                switch components[depth + 1] {
                case .index, .filter: return select(components, in: matching, depth: depth + 1)
                default: break
                }
            }
            return each(matching, components, depth: depth + 1)
        }
    }

    /// The rest of the path applied to every element.
    private static func each(_ elements: [Any], _ components: [Component], depth: Int) -> Selection {
        var values: [Any] = []
        var hits = 0
        var missed = depth
        for element in elements {
            switch select(components, in: element, depth: depth) {
            case .value(let value):
                values.append(value)
                hits += 1
            case .nothing(let matched):
                values.append(NSNull())
                missed = max(missed, matched)
            }
        }
        // Every element missed the rest of the path: a renamed field, not a list of nulls.
        if hits == 0, !elements.isEmpty { return .nothing(matched: missed) }
        return .value(values)
    }

    /// Canonical compact JSON text of a value (sorted keys), for comparison and messages.
    package static func describe(_ value: Any?, quoteStrings: Bool = true) -> String {
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
