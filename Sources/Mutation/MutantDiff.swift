/// A mutant as a reviewer reads it: the file with the one change made, and the unified diff.
enum MutantDiff {
    /// `source` with `change` applied as plain Swift (no switch).
    static func mutated(_ source: String, _ change: Change) -> String {
        let bytes = Array(source.utf8)
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        switch change {
        case .token(let start, let end, let replacement, _):
            return text(0..<start) + replacement + text(end..<bytes.count)
        case .negate(let start, let end, let body):
            return text(0..<start) + text(start..<body) + "!(" + text(body..<end) + ")" + text(end..<bytes.count)
        case .delete(var start, var end):
            // A statement alone on its lines goes with its lines.
            var lineStart = start
            while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t")
            {
                lineStart -= 1
            }
            var lineEnd = end
            while lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: " ") || bytes[lineEnd] == UInt8(ascii: "\t") {
                lineEnd += 1
            }
            if lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n"), lineEnd < bytes.count,
                bytes[lineEnd] == UInt8(ascii: "\n")
            {
                start = lineStart
                end = lineEnd + 1
            }
            return text(0..<start) + text(end..<bytes.count)
        case .dropCase(_, _, let removal):
            return text(0..<removal.lowerBound) + text(removal.upperBound..<bytes.count)
        case .swap(let first, let second):
            return text(0..<first.lowerBound) + text(second) + text(first.upperBound..<second.lowerBound) + text(first)
                + text(second.upperBound..<bytes.count)
        }
    }

    /// A unified diff of one changed region with `context` lines around it.
    static func unified(file: String, original: String, mutated: String, context: Int = 3) -> String {
        let old = original.split(separator: "\n", omittingEmptySubsequences: false)
        let new = mutated.split(separator: "\n", omittingEmptySubsequences: false)
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        let start = max(0, prefix - context)
        let oldEnd = min(old.count, old.count - suffix + context)
        let newEnd = min(new.count, new.count - suffix + context)
        var lines = [
            "--- a/\(file)", "+++ b/\(file)",
            "@@ -\(start + 1),\(oldEnd - start) +\(start + 1),\(newEnd - start) @@",
        ]
        for index in start..<prefix { lines.append(" " + old[index]) }
        for index in prefix..<(old.count - suffix) { lines.append("-" + old[index]) }
        for index in prefix..<(new.count - suffix) { lines.append("+" + new[index]) }
        for index in (old.count - suffix)..<oldEnd { lines.append(" " + old[index]) }
        return lines.joined(separator: "\n") + "\n"
    }
}
