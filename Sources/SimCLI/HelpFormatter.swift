import Foundation

/// Renders `--help` pages in the style of swift-argument-parser.
enum HelpFormatter {
    static func toolHelp(_ tool: Tool) -> String {
        var out = "OVERVIEW: \(tool.summary)\n\n"
        out += "USAGE: \(tool.name) <command> [arguments] [--world DIR] [--json]\n\n"
        out += "OPTIONS:\n"
        out += "  --world DIR   The world directory (default: the current directory).\n"
        out += "  --json        Print a machine-readable snapshot instead of text.\n"
        if tool.name == "bitkit-sim" {
            out += "  --package P   The Bitkit flavour package to act as when several are installed (Android\n"
            out += "                worlds: to.bitkit, to.bitkit.tnet, to.bitkit.dev; see Docs/android.md).\n"
        }
        out += "  -h, --help    Show help for the tool or a command.\n"
        out += "  --version     Show the version.\n"
        out += "  --serve       Answer commands read from stdin, one JSON request per line (the race harness's\n"
        out += "                long-lived app processes; see Docs/races.md).\n\n"
        out += "COMMANDS:\n" + list(tool.commands)
        if !tool.examples.isEmpty {
            out += "\nEXAMPLES:\n" + tool.examples.map { "  \($0)\n" }.joined()
        }
        out += "\nSee `\(tool.name) <command> --help` for the help of a command.\n"
        return out
    }

    static func commandHelp(_ command: Command, fullName: String) -> String {
        var out = "OVERVIEW: \(command.summary)\n\n"
        if let details = command.details { out += details + "\n\n" }
        if command.subcommands.isEmpty {
            let usage = command.usage.isEmpty ? "" : " \(command.usage)"
            out += "USAGE: \(fullName)\(usage) [--world DIR] [--json]\n"
        } else {
            out += "USAGE: \(fullName) <subcommand>\n\nSUBCOMMANDS:\n" + list(command.subcommands)
        }
        // A group without examples of its own shows its first subcommand's, whole: examples run in
        // order in one world (the doc test checks them so), and a cut-off sequence would not.
        let examples =
            command.examples.isEmpty
            ? command.subcommands.first { !$0.examples.isEmpty }?.examples ?? [] : command.examples
        if !examples.isEmpty {
            out += "\nEXAMPLES:\n" + examples.map { "  \($0)\n" }.joined()
        }
        return out
    }

    private static func list(_ commands: [Command]) -> String {
        let width = (commands.map(\.name.count).max() ?? 0) + 2
        return commands.map { command in
            "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary + "\n"
        }.joined()
    }
}
