/// One `expect` line of a step (or a step that failed on its own), with its result.
public struct ExpectationRecord: Sendable, Equatable {
    /// What it is about: one phone's screen or state, or the world (keychain, journal, outputs).
    public enum Concern: Sendable, Equatable, Hashable {
        case phone(Phone)
        case world
    }

    /// The line as written in the scenario.
    public var source: String
    public var passed: Bool
    public var concern: Concern
    /// For a failure: what was expected and what was found.
    public var expected: String?
    public var found: String?
    /// `file:line` of the line, as the scenario runner names it (what `simctl parity` matches across
    /// platforms).
    public var location: String?

    public init(
        source: String, passed: Bool, concern: Concern, expected: String? = nil, found: String? = nil,
        location: String? = nil
    ) {
        self.source = source
        self.location = location
        self.passed = passed
        self.concern = concern
        self.expected = expected
        self.found = found
    }
}
