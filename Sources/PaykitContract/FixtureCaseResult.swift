/// The outcome of one fixture case or coverage assertion.
public struct FixtureCaseResult: Equatable, Sendable {
    /// `request`, `endpoint` or `coverage`.
    public enum Kind: String, Sendable { case request, endpoint, coverage }

    public var kind: Kind
    public var name: String
    /// Nil when the case passed; otherwise `expected …, got …`.
    public var failure: String?

    public init(kind: Kind, name: String, failure: String? = nil) {
        self.kind = kind
        self.name = name
        self.failure = failure
    }

    public var passed: Bool { failure == nil }

    /// `PASS request <name>` or `FAIL request <name>: expected …, got …`.
    public var line: String {
        if let failure { return "FAIL \(kind.rawValue) \(name): \(failure)" }
        return "PASS \(kind.rawValue) \(name)"
    }
}
