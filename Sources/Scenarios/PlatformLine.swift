import ContractNames
import Foundation

/// A line of the scenario language that says what differs per platform (Docs/scenarios.md,
/// "Platforms"): recognised before a line's own verb.
enum PlatformLine: Equatable {
    /// `platform NAME: LINE`: LINE takes effect on NAME only.
    case only(Platform, line: String)
    /// `platform NAME:` with nothing after the colon: the lines up to `end platform` run on NAME only.
    case openBlock(Platform)
    /// `end platform`.
    case endBlock
    /// `skip on NAME: REASON`: on NAME the scenario does not run, and is reported skipped with REASON.
    case skip(Platform, reason: String)
    /// `platforms: NAME…`: the only platforms the scenario runs on.
    case platforms([Platform])

    struct Failure: Error, Equatable { let message: String }

    static let usage =
        "usage: platform ios|android: LINE  (or `platform ios|android:` alone, to open a block up to `end platform`)"

    /// The construct `line` (trimmed) is, nil for any other line; `number` goes into an unknown name's message.
    static func parse(_ line: String, number: Int) throws(Failure) -> PlatformLine? {
        if line.split(whereSeparator: \.isWhitespace) == ["end", "platform"] { return .endBlock }
        if let names = line.dropPrefix("platforms:") {
            let words = names.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
            guard !words.isEmpty else {
                throw Failure(message: "usage: platforms: ios|android…   (e.g. platforms: android)")
            }
            var platforms: [Platform] = []
            for word in words {
                let platform = try named(word, number: number)
                if !platforms.contains(platform) { platforms.append(platform) }
            }
            return .platforms(platforms)
        }
        if let rest = line.dropWord("platform") {
            guard let colon = rest.firstIndex(of: ":") else { throw Failure(message: usage) }
            let name = rest[..<colon].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw Failure(message: usage) }
            let platform = try named(name, number: number)
            let after = rest[rest.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            // A comment after the colon still opens a block: it says why the block is there.
            return after.isEmpty || after.hasPrefix("#") ? .openBlock(platform) : .only(platform, line: after)
        }
        if let rest = line.dropWord("skip") {
            let usage =
                "usage: skip on ios|android: REASON   (e.g. skip on android: Ring shares no keychain group there)"
            guard let on = rest.trimmingCharacters(in: .whitespaces).dropWord("on"),
                let colon = on.firstIndex(of: ":")
            else { throw Failure(message: usage) }
            let name = on[..<colon].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw Failure(message: usage) }
            let platform = try named(name, number: number)
            let reason = on[on.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !reason.isEmpty else {
                throw Failure(message: "skip on \(platform.rawValue): needs a reason, the text its SKIP line shows")
            }
            return .skip(platform, reason: reason)
        }
        return nil
    }

    /// The platform called `name` (`ios` or `android`, as `--platform` takes them).
    private static func named(_ name: String, number: Int) throws(Failure) -> Platform {
        guard let platform = Platform(rawValue: name) else {
            throw Failure(message: "unknown platform '\(name)' on line \(number): expected ios or android")
        }
        return platform
    }
}

extension String {
    /// The text after `prefix`, or nil when the string does not start with it.
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }

    /// The text after the word `word` (followed by a space, a tab, a colon or nothing), or nil.
    fileprivate func dropWord(_ word: String) -> String? {
        guard let rest = dropPrefix(word) else { return nil }
        guard let next = rest.first else { return rest }
        return next == " " || next == "\t" || next == ":" ? rest : nil
    }
}
