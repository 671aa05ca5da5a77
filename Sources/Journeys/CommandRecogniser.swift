/// Recognises the command lines of spec/08 §2.2 row 10 and 11. `<UDID>` may be anything; a `-s SERIAL`
/// after `adb` is accepted; everything else is `.unrecognised` with a reason.
enum CommandRecogniser {
    /// The form of one command line (the text between backticks, or a bare `xcrun`/`adb` line).
    static func form(of line: String) -> JourneyForm {
        guard let words = words(of: line), !words.isEmpty else {
            return .command(.unrecognised("the command `\(line)` has an unclosed quote"))
        }
        if words.first == "xcrun" { return xcrun(Array(words.dropFirst()), line: line) }
        if words.first == "adb" { return adb(Array(words.dropFirst()), line: line) }
        return .command(.unrecognised("`\(line)` is not an xcrun simctl or adb command a journey runner performs"))
    }

    private static func xcrun(_ words: [String], line: String) -> JourneyForm {
        guard words.count == 4, words[0] == "simctl" else { return unknown(line) }
        switch words[1] {
        case "terminate": return .command(.terminate(bundle: words[3]))
        case "launch": return .command(.launch(bundle: words[3]))
        case "openurl": return .command(.openURL(words[3]))
        default: return unknown(line)
        }
    }

    private static func adb(_ words: [String], line: String) -> JourneyForm {
        var words = words[...]
        if words.first == "-s" { words = words.dropFirst(2) }
        if words.starts(with: ["emu", "network"]), words.count == 4,
            ["delay", "speed"].contains(words.dropFirst(2).first)
        {
            return .networkThrottle(line)
        }
        guard words.starts(with: ["shell", "am"]) else { return unknown(line) }
        words = words.dropFirst(2)
        if words.first == "force-stop", words.count == 2, let package = words.last {
            return .command(.terminate(bundle: package))
        }
        guard words.first == "start" else { return unknown(line) }
        words = words.dropFirst()
        var component: String?
        var action: String?
        var data: String?
        var positional: [String] = []
        while let word = words.first {
            words = words.dropFirst()
            switch word {
            case "-n", "-a", "-d":
                guard let value = words.first else { return unknown(line) }
                words = words.dropFirst()
                if word == "-n" { component = value } else if word == "-a" { action = value } else { data = value }
            case "-W", "-S":
                continue
            default:
                if word.hasPrefix("-") { return unknown(line) }
                positional.append(word)
            }
        }
        if let component, action == nil, data == nil, positional.isEmpty {
            guard let slash = component.firstIndex(of: "/"), slash != component.startIndex else { return unknown(line) }
            return .command(.launch(bundle: String(component[..<slash])))
        }
        if component == nil, action == "android.intent.action.VIEW", let data, positional.count == 1 {
            return .command(.openURLIn(package: positional[0], url: data))
        }
        return unknown(line)
    }

    private static func unknown(_ line: String) -> JourneyForm {
        .command(.unrecognised("`\(line)` is not a command of spec/08 §2.2"))
    }

    /// Shell-like words: whitespace separates, `"…"` and `'…'` group; nil on an unclosed quote.
    private static func words(of line: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        guard quote == nil else { return nil }
        if inWord { words.append(current) }
        return words
    }
}
