/// The widths the layout assumes for text: a fixed per-character model a little wider than DejaVu
/// Sans, so a line laid out to fit does fit when drawn, and frames never depend on the fonts a
/// machine has.
enum TextModel {
    /// The width of `text` in points at `size`.
    static func width(_ text: String, size: Int, bold: Bool) -> Int {
        var ems = 0.0
        for character in text {
            ems += advance(character)
        }
        if bold { ems *= 1.1 }
        return Int((ems * Double(size)).rounded(.up))
    }

    private static func advance(_ character: Character) -> Double {
        if " .,:;'!|ijlI".contains(character) { return 0.36 }
        if "frt()[]{}-".contains(character) { return 0.45 }
        if "mwMW@%".contains(character) { return 0.95 }
        if character.isUppercase || character.isNumber { return 0.72 }
        if character.isASCII { return 0.62 }
        return 1.0
    }

    /// `text` broken into lines no wider than `width`: at spaces, a word too long for a line broken
    /// where it must be; newlines kept.
    static func wrap(_ text: String, size: Int, bold: Bool, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
                let candidate = line.isEmpty ? word : line + " " + word
                if Self.width(candidate, size: size, bold: bold) <= width {
                    line = candidate
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                line = ""
                var rest = word
                while Self.width(rest, size: size, bold: bold) > width {
                    var cut = rest.startIndex
                    var piece = ""
                    while cut < rest.endIndex, Self.width(piece + String(rest[cut]), size: size, bold: bold) <= width {
                        piece.append(rest[cut])
                        cut = rest.index(after: cut)
                    }
                    if piece.isEmpty {
                        piece = String(rest[rest.startIndex])
                        cut = rest.index(after: rest.startIndex)
                    }
                    lines.append(piece)
                    rest = String(rest[cut...])
                }
                line = rest
            }
            lines.append(line)
        }
        return lines
    }

    /// `text` on one line of at most `width`, cut with `…` when longer.
    static func fit(_ text: String, size: Int, bold: Bool, width: Int) -> String {
        guard Self.width(text, size: size, bold: bold) > width else { return text }
        var shown = text
        while !shown.isEmpty, Self.width(shown + "…", size: size, bold: bold) > width { shown.removeLast() }
        return shown + "…"
    }
}
