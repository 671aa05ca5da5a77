/// A document (README.md, Docs/*.md) or a `--help` page: its commands run in order in one shell,
/// as a reader would type them in one terminal.
struct DocPage: Sendable, CustomStringConvertible {
    /// `README.md`, `Docs/cli.md`, `simctl race --help`.
    var name: String
    var commands: [DocCommand]
    /// Help pages run in the repository's root made a world (`simctl world init --with-apps`);
    /// documents set up the worlds they use themselves.
    var inWorld: Bool

    var description: String { name }
}
