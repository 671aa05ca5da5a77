/// Splits a scenario line into words like a shell: whitespace separates, `"…"` groups with `\"`,
/// `\\` and `\n` escapes, `'…'` groups literally.
package enum Tokenizer {
    package struct Failure: Error, Equatable { let message: String }

    package static func split(_ line: String) throws(Failure) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var iterator = Array(line).makeIterator()
        while let c = iterator.next() {
            switch c {
            case " ", "\t":
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            case "\"":
                inWord = true
                var closed = false
                while let d = iterator.next() {
                    if d == "\"" {
                        closed = true
                        break
                    }
                    if d == "\\" {
                        guard let e = iterator.next() else { break }
                        switch e {
                        case "n": current.append("\n")
                        case "t": current.append("\t")
                        default: current.append(e)
                        }
                    } else {
                        current.append(d)
                    }
                }
                guard closed else { throw Failure(message: "unterminated double quote") }
            case "'":
                inWord = true
                var closed = false
                while let d = iterator.next() {
                    if d == "'" {
                        closed = true
                        break
                    }
                    current.append(d)
                }
                guard closed else { throw Failure(message: "unterminated single quote") }
            default:
                inWord = true
                current.append(c)
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
