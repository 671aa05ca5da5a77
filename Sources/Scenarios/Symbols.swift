import PubkyCrypto

/// Symbolic names a scenario can use in braces: `{A}`, `{A.secret}`, `{A.caption}`, `{HS}`, `{LINK}`.
/// Keys bind to fixed secrets (the catalogue's fixture identities, or `key` lines); `set` binds
/// values read from outputs.
public struct Symbols: Sendable {
    /// A key with every text form the apps show.
    public struct Key: Sendable, Equatable {
        public var secretHex: String
        public var pubky: String

        public init?(secretHex: String) {
            guard let pair = Ed25519KeyPair(secretHex: secretHex) else { return nil }
            self.secretHex = secretHex
            self.pubky = pair.pubky
        }

        /// The value of `{NAME.attribute}`.
        public func attribute(_ name: String?) -> String? {
            switch name {
            case nil, "z32": return pubky
            case "secret": return secretHex
            case "pubky": return "pubky" + pubky
            case "caption": return Self.bitkitTruncation(pubky).uppercased()
            case "title": return Self.bitkitTruncation(pubky)
            case "short": return String(pubky.prefix(5)) + "..." + String(pubky.suffix(5))
            case "redacted": return "pubky" + String(pubky.prefix(7)) + "..."
            default: return nil
            }
        }

        /// Bitkit's Pubky Choice truncation of a bare 52-character key (spec/02 §11).
        package static func bitkitTruncation(_ text: String) -> String {
            text.count <= 10 ? text : String(text.prefix(4)) + "..." + String(text.suffix(4))
        }
    }

    public static let attributes = ["z32", "secret", "pubky", "caption", "title", "short", "redacted"]

    /// The catalogue's fixture identities (spec/06 §0.1) and well-known values.
    public static let fixtures: [String: Key] = {
        var keys: [String: Key] = [:]
        keys["W"] = Key(secretHex: "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1")
        keys["A"] = Key(secretHex: String(repeating: "01", count: 32))
        keys["B"] = Key(secretHex: String(repeating: "02", count: 32))
        keys["C"] = Key(secretHex: "5aa93b299a343aa2691739771f2b5b85e740ca14c685793d67870f88fa89dc51")
        return keys
    }()

    public static let constants: [String: String] = [
        "HS": "ufibwbmed6jeq9k4p583go95wofakh9fwpp4k734trq79pd9u1uy",
        "PROD": "8um71us3fyw6h8wbcxb5ar3rwusy1a6u49956ikzojg3gcwd1dty",
        "W_MNEMONIC": "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
    ]

    public var keys: [String: Key]
    public var values: [String: String]

    public init() {
        keys = Self.fixtures
        values = Self.constants
    }

    /// Replaces every `{NAME}` / `{NAME.attribute}` in `text`; throws naming an unknown one.
    public func expand(_ text: String) throws(SymbolError) -> String {
        guard text.contains("{") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                out += rest[open...]
                return out
            }
            let reference = String(rest[rest.index(after: open)..<close])
            // Braces that are not a symbol reference (e.g. JSON) pass through.
            guard Self.isReference(reference) else {
                out += rest[open...close]
                rest = rest[rest.index(after: close)...]
                continue
            }
            out += try resolve(reference)
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// Expands an expectation's value. A value that is one reference (`{N}`) is read after expansion like a
    /// written word (`63` → the number 63, `tkrq…` → a text), so a number bound by `set` compares as a number.
    public func expandValue(_ value: String) throws(SymbolError) -> String {
        guard Self.isWholeReference(value) else { return try expand(value) }
        return JSONText.literal(try expand(value))
    }

    /// `{NAME}` or `{NAME.attribute}` and nothing else.
    public static func isWholeReference(_ word: String) -> Bool {
        guard word.count > 2, word.hasPrefix("{"), word.hasSuffix("}") else { return false }
        return isReference(String(word.dropFirst().dropLast()))
    }

    package func resolve(_ reference: String) throws(SymbolError) -> String {
        let parts = reference.split(separator: ".", maxSplits: 1).map(String.init)
        let name = parts[0]
        let attribute = parts.count > 1 ? parts[1] : nil
        if let key = keys[name] {
            guard let value = key.attribute(attribute) else { throw .unknownAttribute(name, attribute ?? "") }
            return value
        }
        if let value = values[name], attribute == nil { return value }
        throw .unknownName(name)
    }

    /// `NAME` or `NAME.attr` with NAME an identifier starting with an uppercase letter.
    package static func isReference(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "."
        }
    }

    /// Every symbol name referenced in `text`.
    package static func references(in text: String) -> [(name: String, attribute: String?)] {
        var found: [(String, String?)] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let reference = String(rest[rest.index(after: open)..<close])
            if isReference(reference) {
                let parts = reference.split(separator: ".", maxSplits: 1).map(String.init)
                found.append((parts[0], parts.count > 1 ? parts[1] : nil))
            }
            rest = rest[rest.index(after: close)...]
        }
        return found
    }
}

/// An unknown symbolic name or attribute.
public enum SymbolError: Error, Equatable, CustomStringConvertible {
    case unknownName(String)
    case unknownAttribute(String, String)

    public var description: String {
        switch self {
        case .unknownName(let name):
            return "unknown symbolic name '\(name)' (define it with `key \(name) secret HEX` or `set \(name) = PATH`)"
        case .unknownAttribute(let name, let attribute):
            return
                "unknown attribute '\(attribute)' of \(name) (use one of: \(Symbols.attributes.joined(separator: ", ")))"
        }
    }
}
