import Foundation

/// Walks the command tree of a tool as a reader does, through its printed help: `tool --help`, then
/// the help of every command and subcommand it lists. Each page's EXAMPLES are one `DocPage`.
enum HelpPages {
    struct HelpError: Error, CustomStringConvertible {
        var description: String
    }

    static func pages(of tool: String) throws -> [DocPage] {
        var pages: [DocPage] = []
        try walk(tool: tool, path: [], into: &pages)
        return pages
    }

    private static func walk(tool: String, path: [String], into pages: inout [DocPage]) throws {
        let run = try BuiltTools.run(tool, path + ["--help"])
        let name = ([tool] + path + ["--help"]).joined(separator: " ")
        guard run.status == 0 else { throw HelpError(description: "`\(name)` exited \(run.status): \(run.stderr)") }
        let examples = section("EXAMPLES:", of: run.stdout)
        let commands = examples.enumerated().map { index, example in
            DocCommand(location: "`\(name)`, example \(index + 1)", text: example)
        }
        pages.append(DocPage(name: name, commands: commands, inWorld: true))
        let listed = section(path.isEmpty ? "COMMANDS:" : "SUBCOMMANDS:", of: run.stdout)
        for entry in listed {
            guard let command = entry.split(separator: " ").first else { continue }
            try walk(tool: tool, path: path + [String(command)], into: &pages)
        }
    }

    /// The lines of a help section (`EXAMPLES:`), up to the next blank line, without their indent.
    static func section(_ title: String, of help: String) -> [String] {
        var lines: [String] = []
        var inside = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == title {
                inside = true
                continue
            }
            guard inside else { continue }
            if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            lines.append(String(line.drop(while: { $0 == " " })))
        }
        return lines
    }
}
