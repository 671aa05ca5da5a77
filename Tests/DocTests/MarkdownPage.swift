import Foundation

/// Reads the commands of a Markdown document (Docs/docs-tests.md has the conventions):
///
/// - a fence whose info string starts with `sh` runs, unless the info also says `no-run`;
/// - one command per line; a line ending in `\` or inside open quotes goes on on the next one, and
///   a here-document (`cat > f <<'EOF'`) up to its closing word;
/// - `# ` lines right under a command (no blank line between) are output it must print;
/// - a fence whose info string is `output` holds output of the last command of the `sh` block
///   before it;
/// - a command's trailing comment `# exit N …` documents a non-zero exit status.
enum MarkdownPage {
    static func page(name: String, markdown: String) -> DocPage {
        var commands: [DocCommand] = []
        var fence: (runs: Bool, output: Bool)?
        var lastBlockRan = false
        var pending: (line: Int, text: String)?
        /// The word closing the here-document the pending command opened.
        var heredoc: String?
        var outputOpen = false

        func closePending() {
            if let open = pending {
                commands.append(DocCommand(location: "\(name):\(open.line)", text: open.text))
                pending = nil
            }
        }

        for (offset, rawLine) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = String(rawLine)
            let trimmed = line.drop(while: { $0 == " " })
            if trimmed.hasPrefix("```") {
                if fence == nil {
                    let info = trimmed.dropFirst(3).split(separator: " ").map(String.init)
                    let language = info.first ?? ""
                    let runs = ["sh", "bash", "shell"].contains(language) && !info.contains("no-run")
                    fence = (runs, language == "output")
                    if ["sh", "bash", "shell"].contains(language) { lastBlockRan = runs }
                } else {
                    closePending()
                    outputOpen = false
                    fence = nil
                }
                continue
            }
            guard let current = fence else { continue }
            if current.output {
                if lastBlockRan, !trimmed.isEmpty, !commands.isEmpty {
                    commands[commands.count - 1].output.append(String(trimmed))
                }
                continue
            }
            guard current.runs else { continue }
            if let open = pending, let word = heredoc {
                pending = (open.line, open.text + "\n" + line)
                if trimmed.trimmingCharacters(in: .whitespaces) == word { heredoc = nil }
                continue
            }
            if let open = pending, ShellText.continues(open.text) {
                pending = (open.line, open.text + "\n" + line)
                continue
            }
            if trimmed.isEmpty {
                closePending()
                outputOpen = false
                continue
            }
            if trimmed.hasPrefix("#") {
                closePending()
                if outputOpen, !commands.isEmpty {
                    let shown = trimmed.dropFirst().drop(while: { $0 == " " })
                    commands[commands.count - 1].output.append(String(shown))
                }
                continue
            }
            closePending()
            pending = (number, line)
            heredoc = ShellText.hereDocumentWord(in: line)
            outputOpen = true
        }
        closePending()
        return DocPage(name: name, commands: commands, inWorld: false)
    }
}
