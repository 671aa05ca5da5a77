/// The not-yet-consumed command-line tokens of one command. Commands pull their options and
/// positionals, then call `finish()`, which rejects anything left over.
public struct Arguments: Sendable {
    fileprivate(set) var tokens: [String]

    public init(_ tokens: [String]) { self.tokens = tokens }

    /// Whether no tokens are left.
    public var isEmpty: Bool { tokens.isEmpty }

    /// Removes `--name` if present.
    public mutating func flag(_ name: String) -> Bool {
        guard let index = tokens.firstIndex(of: name) else { return false }
        tokens.remove(at: index)
        return true
    }

    /// Removes and returns the value of `--name VALUE` or `--name=VALUE` (the last one wins).
    public mutating func option(_ name: String) throws -> String? {
        var value: String?
        while let found = try takeOption(name) { value = found }
        return value
    }

    /// Every value of a repeatable option, in order.
    public mutating func options(_ name: String) throws -> [String] {
        var values: [String] = []
        while let found = try takeOption(name) { values.append(found) }
        return values
    }

    /// The value of an option parsed by `parse`, which returns nil for an invalid value.
    public mutating func option<T>(_ name: String, expecting: String, _ parse: (String) -> T?) throws -> T? {
        guard let text = try option(name) else { return nil }
        guard let value = parse(text) else {
            throw CLIError.usage("Invalid value '\(text)' for \(name): expected \(expecting).")
        }
        return value
    }

    /// Removes and returns the next positional argument, or throws naming `label`.
    public mutating func positional(_ label: String) throws -> String {
        guard let value = optionalPositional() else { throw CLIError.usage("Missing argument \(label).") }
        return value
    }

    /// Removes and returns the next positional argument, if any. `--` ends option parsing.
    public mutating func optionalPositional() -> String? {
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token == "--" {
                guard index + 1 < tokens.count else { return nil }
                tokens.remove(at: index)
                return tokens.remove(at: index)
            }
            if token.hasPrefix("--") && token.count > 2 {
                index += 1
                continue
            }
            return tokens.remove(at: index)
        }
        return nil
    }

    /// All remaining positional tokens.
    public mutating func remainingPositionals() -> [String] {
        var values: [String] = []
        while let value = optionalPositional() { values.append(value) }
        return values
    }

    /// Throws a usage error for the first token nobody consumed.
    public func finish() throws {
        if let first = tokens.first(where: { $0 != "--" }) {
            throw CLIError.usage(
                first.hasPrefix("-") ? "Unknown option \(first)." : "Unexpected argument '\(first)'.")
        }
    }

    private mutating func takeOption(_ name: String) throws -> String? {
        for (index, token) in tokens.enumerated() {
            if token == name {
                guard index + 1 < tokens.count else { throw CLIError.usage("Option \(name) needs a value.") }
                let value = tokens[index + 1]
                tokens.removeSubrange(index...(index + 1))
                return value
            }
            if token.hasPrefix(name + "=") {
                tokens.remove(at: index)
                return String(token.dropFirst(name.count + 1))
            }
        }
        return nil
    }
}

extension Arguments {
    /// The first remaining token, if any.
    public var firstToken: String? { tokens.first }
}
