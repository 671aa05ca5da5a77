/// One command of a tool: a leaf with an action, or a group of subcommands. Actions consume their
/// options before their positionals (see `Arguments`).
public struct Command: Sendable {
    public typealias Action = @Sendable (inout Arguments, Invocation) throws -> Void

    public let name: String
    public let summary: String
    /// The arguments part of the usage line, e.g. `PUBKY [--show-secrets]`.
    public let usage: String
    public let details: String?
    public let examples: [String]
    public let subcommands: [Command]
    public let action: Action?

    /// A leaf command.
    public init(
        _ name: String, summary: String, usage: String = "", details: String? = nil, examples: [String] = [],
        action: @escaping Action
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.details = details
        self.examples = examples
        self.subcommands = []
        self.action = action
    }

    /// A group of subcommands.
    public init(
        _ name: String, summary: String, details: String? = nil, examples: [String] = [], subcommands: [Command]
    ) {
        self.name = name
        self.summary = summary
        self.usage = ""
        self.details = details
        self.examples = examples
        self.subcommands = subcommands
        self.action = nil
    }
}
