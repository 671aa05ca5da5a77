/// A checkable fact about what the apps showed or what the world holds.
public enum Expectation: Sendable, Equatable {
    /// A value in the JSON snapshot of `subject` at `path`, compared with `value`.
    case json(subject: Subject, path: String, comparison: Comparison, value: String)
    /// The simulated milliseconds between two journal entries (`expect elapsed FROM TO OP MS`): each
    /// of `from` and `to` selects one entry of `simctl journal`, and `to`'s clock minus `from`'s is
    /// compared with `value`.
    case elapsed(from: String, to: String, comparison: Comparison, value: String)
    /// The last exit status of a step.
    case exitStatus(Int32)
    /// The last step's text output contains (or not) a string.
    case output(contains: Bool, text: String)

    /// Where a JSON value comes from.
    public enum Subject: Sendable, Equatable {
        /// The screen printed by the app's last step (`bitkit`, `ring`, or the last app step: nil).
        case screen(app: String?)
        /// The output of the last step of any tool.
        case last
        /// The output of running a command now (e.g. `bitkit-sim state`, `simctl keychain list`).
        case command(tool: Tool, arguments: [String])
    }

    public enum Comparison: String, Sendable, Equatable, CaseIterable {
        case equals = "="
        case notEquals = "!="
        case contains = "contains"
        case notContains = "!contains"
        case count = "count"
        case matches = "~"
        case notMatches = "!~"
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        /// The path matches nothing (takes no value).
        case absent = "absent"
        /// The path matches something (takes no value).
        case exists = "exists"

        /// `absent` and `exists` take no value.
        public var takesValue: Bool { self != .absent && self != .exists }

        /// The comparisons that read numbers.
        public var isNumeric: Bool { [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(self) }

        /// Every operator as a user types it, for messages.
        public static let written = allCases.map(\.rawValue).joined(separator: " ")
    }
}
