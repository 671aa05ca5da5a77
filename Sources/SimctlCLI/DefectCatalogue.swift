import ContractNames
import SimCLI

/// The catalogue of named defects as `simctl install --defect list` prints it (Docs/defects.md).
enum DefectCatalogue {
    struct Entry: Encodable {
        var name: String
        var app: String
        var summary: String
        var rule: String
        var source: String
        var killedBy: String
        /// The one platform the defect is in (nil: both).
        var platform: String?
    }

    static var entries: [Entry] {
        Defect.allCases.map {
            Entry(
                name: $0.rawValue, app: $0.app.rawValue, summary: $0.summary, rule: $0.rule, source: $0.source,
                killedBy: $0.killedBy, platform: $0.platform?.rawValue)
        }
    }

    /// The defects named on a command line (`--defect NAME`, repeatable).
    static func parse(_ names: [String]) throws -> [Defect] {
        try names.map { name in
            guard let defect = Defect(rawValue: name) else { throw unknown(name) }
            return defect
        }
    }

    static func unknown(_ name: String) -> CLIError {
        .usage(
            "Unknown defect '\(name)': expected one of \(Defect.allCases.map(\.rawValue).joined(separator: ", ")) (`simctl install --defect list`)."
        )
    }

    /// `Bitkit`, or `Bitkit on Android` for a defect of one platform.
    static func appName(_ defect: Defect) -> String {
        defect.app.displayName + (defect.platform.map { " on \($0.displayName)" } ?? "")
    }

    static func text() -> String {
        Defect.allCases.map { defect in
            """
            \(defect.rawValue) (\(appName(defect)))
              \(defect.summary)
              rule: \(defect.rule); from: \(defect.source)
              killed by: \(defect.killedBy)
            """
        }.joined(separator: "\n")
    }

    /// The table Docs/defects.md embeds (a test keeps the page current).
    static func markdown() -> String {
        var lines = [
            "| defect | app | what goes wrong | rule | from | killed by |", "| --- | --- | --- | --- | --- | --- |",
        ]
        for defect in Defect.allCases {
            lines.append(
                "| `\(defect.rawValue)` | \(appName(defect)) | \(defect.summary) | \(defect.rule) | \(defect.source) | `\(defect.killedBy)` |"
            )
        }
        return lines.joined(separator: "\n")
    }
}
