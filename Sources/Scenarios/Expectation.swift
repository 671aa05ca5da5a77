/// A checkable fact about what the apps showed or what the world holds.
public enum Expectation: Sendable, Equatable {
    /// A value in the JSON snapshot of `subject` at `path`, compared with `value`.
    case json(subject: Subject, path: String, comparison: Comparison, value: String)
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
    }
}
