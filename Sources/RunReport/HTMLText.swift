/// Escaping for every string that reaches a page, as text or as an attribute value (the same rules
/// serve both: `&`, `<`, `>`, `"` and `'`). SVG inline in HTML5 is escaped the same way.
enum HTMLText {
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 })
        else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Escaped text whose line breaks stay line breaks.
    static func lines(_ text: String) -> String {
        let escaped = escape(text)
        guard escaped.contains("\n") else { return escaped }
        return escaped.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "<br>")
    }

    /// A duration as the index and the pages print it.
    static func seconds(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }
}
