/// A tool call's arguments, checked against the tool's schema before the tool runs: an unknown
/// argument, a missing one, a wrong type or a value outside its `enum` is an invalid-params error
/// (-32602) naming the argument, never a tool failure.
public struct ToolArguments: Sendable {
    public let tool: ToolDefinition
    public let values: [String: JSONValue]

    /// Why arguments were refused, in one sentence naming the argument.
    public struct Invalid: Error, CustomStringConvertible {
        public var description: String
    }

    public init(_ tool: ToolDefinition, _ values: [String: JSONValue]) throws(Invalid) {
        self.tool = tool
        let schemas = Dictionary(uniqueKeysWithValues: tool.properties)
        for name in values.keys.sorted() where schemas[name] == nil {
            let takes =
                tool.argumentNames.isEmpty ? "no arguments" : "only " + tool.argumentNames.joined(separator: ", ")
            throw Invalid(description: "unknown argument '\(name)' for \(tool.name): it takes \(takes)")
        }
        for name in tool.required where values[name] == nil || values[name] == .null {
            throw Invalid(description: "missing argument '\(name)' for \(tool.name) (\(Self.type(schemas[name])))")
        }
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let schema = schemas[name], value != .null else { continue }
            try Self.check(name, value, schema, tool: tool.name)
        }
        self.values = values.filter { $0.value != .null }
    }

    public func string(_ name: String) -> String? { values[name]?.string }

    public func int(_ name: String) -> Int? {
        if case .int(let value)? = values[name] { return value }
        return nil
    }

    public func number(_ name: String) -> Double? {
        switch values[name] {
        case .int(let value)?: Double(value)
        case .double(let value)?: value
        default: nil
        }
    }

    private static func type(_ schema: JSONValue?) -> String { schema?["type"]?.string ?? "any" }

    private static func check(_ name: String, _ value: JSONValue, _ schema: JSONValue, tool: String) throws(Invalid) {
        let expected = type(schema)
        let fits: Bool
        switch (expected, value) {
        case ("string", .string), ("boolean", .bool), ("integer", .int), ("number", .int), ("number", .double),
            ("array", .array), ("object", .object), ("any", _):
            fits = true
        case ("integer", .double(let number)): fits = number.rounded() == number && abs(number) < 1e15
        default: fits = false
        }
        guard fits else {
            throw Invalid(
                description:
                    "argument '\(name)' of \(tool) must be \(article(expected)) \(expected), not \(article(value.typeName)) \(value.typeName)"
            )
        }
        if let allowed = schema["enum"]?.array, !allowed.contains(value) {
            let names = allowed.compactMap(\.string).joined(separator: ", ")
            throw Invalid(description: "argument '\(name)' of \(tool) must be one of \(names), not \(value.brief)")
        }
        if case .int(let number) = value {
            if case .int(let minimum)? = schema["minimum"], number < minimum {
                throw Invalid(description: "argument '\(name)' of \(tool) must be at least \(minimum), not \(number)")
            }
            if case .int(let maximum)? = schema["maximum"], number > maximum {
                throw Invalid(description: "argument '\(name)' of \(tool) must be at most \(maximum), not \(number)")
            }
        }
    }

    private static func article(_ word: String) -> String {
        ["a", "e", "i", "o", "u"].contains(word.first.map(String.init) ?? "") ? "an" : "a"
    }
}

extension JSONValue {
    /// A short form of the value for a message.
    var brief: String {
        let text = String(decoding: canonical(), as: UTF8.self)
        return text.count > 60 ? String(text.prefix(59)) + "…" : text
    }
}
