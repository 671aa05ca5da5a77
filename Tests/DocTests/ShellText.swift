/// What the doc test reads from a shell line without running it: where a trailing comment
/// starts, whether quotes are still open, and the `exit N` a comment documents.
enum ShellText {
    /// The text of the comment ending `line` (after `#`), or nil. A `#` starts a comment only
    /// outside quotes and at the start of a word, as in the shell (`'#1'`, `a#b` are not comments).
    static func trailingComment(of line: String) -> String? {
        read(line).firstComment.map { String(line[$0...]) }
    }

    /// Whether `text` ends inside a quote or with a continuation backslash, so the command goes on
    /// on the next line.
    static func continues(_ text: String) -> Bool {
        read(text).open
    }

    /// Reads `text` as the shell does — quotes, backslashes, and comments from a `#` that starts a
    /// word to the end of its line: where the first comment's text starts, and whether the text
    /// ends inside a quote or after a continuation backslash.
    private static func read(_ text: String) -> (firstComment: String.Index?, open: Bool) {
        var quote: Character?
        var escaped = false
        var previous: Character = " "
        var firstComment: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if escaped {
                escaped = false
                previous = "x"  // an escaped character is part of a word
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                }
                previous = "x"
                continue
            }
            switch character {
            case "\\": escaped = true
            case "'", "\"": quote = character
            case "#" where " \t\n;(&|".contains(previous):
                if firstComment == nil { firstComment = index }
                // The rest of the line is the comment: it can open no quote.
                index = text[index...].firstIndex(of: "\n") ?? text.endIndex
            default: break
            }
            previous = character
        }
        return (firstComment, quote != nil || escaped)
    }

    /// The closing word of a here-document `line` opens (`<<EOF`, `<<'EOF'`, `<<-"EOF"`), if any.
    static func hereDocumentWord(in line: String) -> String? {
        guard let match = line.firstMatch(of: #/<<-?\s*['"]?([A-Za-z_][A-Za-z0-9_]*)['"]?/#) else { return nil }
        return String(match.output.1)
    }

    /// N when the comment ending the command's last line starts with `exit N`.
    static func documentedExit(in text: String) -> Int32? {
        let last = text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? text
        guard let comment = trailingComment(of: last) else { return nil }
        let words = comment.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "," || $0 == ";" })
        guard words.count >= 2, words[0] == "exit" else { return nil }
        return Int32(words[1])
    }

    /// Whether an output `line` shows `expected`: the pieces of `expected` between `…` appear in
    /// order within the line (spaces around a piece ignored, so `tkrq8… xp7qy` reads as
    /// `tkrq8…xp7qy`).
    static func line(_ line: String, shows expected: String) -> Bool {
        let pieces = expected.trimmingSpaces.components(separatedBy: "…").map(\.trimmingSpaces)
            .filter { !$0.isEmpty }
        var rest = Substring(line)
        for piece in pieces {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}
