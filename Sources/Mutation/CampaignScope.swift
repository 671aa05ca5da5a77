import Foundation

/// Which sources the campaign mutates, read from `Fixtures/mutation/scope` — the one place to add
/// a module: `GROUP PATH [texts] [closing-audit]` lines (a folder or a file, `*` matching within one
/// path component), `exclude PATH` lines, `#` comments. `texts` mutates every string literal of the
/// files (user-visible texts); elsewhere only prefixes (literals ending in `:`) are. `closing-audit`
/// says the code runs only as the audit that closes every scenario: its mutants are judged by the
/// mutated `simctl audit` over the baseline's kept worlds, not by running the scenarios again.
public struct CampaignScope: Sendable, Equatable {
    public struct Rule: Sendable, Equatable {
        public var group: String
        public var pattern: String
        public var allTexts: Bool
        public var closingAudit = false
    }

    /// A Swift file in scope, relative to the repository.
    public struct File: Sendable, Equatable {
        public var path: String
        public var module: String
        public var group: String
        public var allTexts: Bool
        public var closingAudit = false
    }

    public var rules: [Rule]
    public var excluded: [String]

    public struct Malformed: Error, CustomStringConvertible {
        public var line: Int
        public var text: String
        public var description: String {
            "line \(line) of the scope file: expected `GROUP PATH [texts] [closing-audit]` or `exclude PATH`, found `\(text)`"
        }
    }

    public init(rules: [Rule], excluded: [String]) {
        self.rules = rules
        self.excluded = excluded
    }

    public static func parse(_ text: String) throws(Malformed) -> CampaignScope {
        var rules: [Rule] = []
        var excluded: [String] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if words.isEmpty { continue }
            let options = words.dropFirst(2)
            if words[0] == "exclude", words.count == 2 {
                excluded.append(words[1])
            } else if words.count >= 2, options.allSatisfy({ $0 == "texts" || $0 == "closing-audit" }) {
                rules.append(
                    Rule(
                        group: words[0], pattern: words[1], allTexts: options.contains("texts"),
                        closingAudit: options.contains("closing-audit")))
            } else {
                throw Malformed(line: number + 1, text: String(raw))
            }
        }
        return CampaignScope(rules: rules, excluded: excluded)
    }

    /// The Swift files of `repository` in scope, sorted by path; a file matched by several rules
    /// takes the last. Patterns that match nothing are returned as `unmatched` (a module renamed
    /// by another branch shows up here instead of silently dropping out).
    public func files(in repository: URL) -> (files: [File], unmatched: [String]) {
        let all = Self.swiftFiles(under: repository, folder: "Sources")
        var chosen: [String: File] = [:]
        var unmatched: [String] = []
        for rule in rules {
            let matching = all.filter { Self.matches($0, rule.pattern) }
            if matching.isEmpty { unmatched.append(rule.pattern) }
            for path in matching {
                let components = path.split(separator: "/")
                let module = components.count > 1 ? String(components[1]) : path
                chosen[path] = File(
                    path: path, module: module, group: rule.group, allTexts: rule.allTexts,
                    closingAudit: rule.closingAudit)
            }
        }
        let files = chosen.values.filter { file in !excluded.contains { Self.matches(file.path, $0) } }
        return (files.sorted { $0.path < $1.path }, unmatched)
    }

    /// Whether `path` is `pattern` or lies under it; `*` matches within one path component.
    static func matches(_ path: String, _ pattern: String) -> Bool {
        let pathParts = path.split(separator: "/").map(String.init)
        let patternParts = pattern.split(separator: "/").map(String.init)
        guard pathParts.count >= patternParts.count else { return false }
        return zip(pathParts, patternParts).allSatisfy { part, wanted in Self.glob(part, wanted) }
    }

    static func glob(_ text: String, _ pattern: String) -> Bool {
        guard pattern.contains("*") else { return text == pattern }
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        var rest = Substring(text)
        for (index, piece) in pieces.enumerated() {
            if index == 0 {
                guard rest.hasPrefix(piece) else { return false }
                rest = rest.dropFirst(piece.count)
            } else if index == pieces.count - 1 {
                return piece.isEmpty || rest.hasSuffix(piece)
            } else if let found = rest.range(of: piece) {
                rest = rest[found.upperBound...]
            } else {
                return false
            }
        }
        return rest.isEmpty
    }

    static func swiftFiles(under repository: URL, folder: String) -> [String] {
        // The folder may be a symbolic link (the doc test's scratch copy links each top-level entry),
        // which the enumerator does not follow: walk what it points to, and name each file from the
        // folder as written.
        let root = repository.appendingPathComponent(folder, isDirectory: true).resolvingSymlinksInPath()
            .standardizedFileURL
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var paths: [String] = []
        let base = root.path
        for case let url as URL in walker where url.pathExtension == "swift" {
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(base + "/") else { continue }
            paths.append(folder + "/" + full.dropFirst(base.count + 1))
        }
        return paths.sorted()
    }
}
