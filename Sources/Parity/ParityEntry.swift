import ContractNames
import Foundation

/// One row of the parity table: one expectation of one scenario run (or the scenario itself, when it
/// runs on one platform only), its result on each platform, and the verdict.
public struct ParityEntry: Codable, Sendable, Equatable {
    /// `file:line` of the expectation; `audit` for the closing audit; the scenario's file for the
    /// scenario as a whole.
    public var location: String
    /// The line as written (`expect records to.bitkit.dev:{W}`), or what was checked.
    public var source: String
    /// The one platform the line is written for (`platform …:`); nil for a line of both.
    public var platform: Platform?
    public var ios: PlatformResult
    public var android: PlatformResult
    public var verdict: ParityVerdict
    /// The spec/07 §10 row that says why the line is one platform's (from its `parity:` line).
    public var row: Int?
    /// The §10 row cited, or the `parity: same:` reason.
    public var citation: String?
    /// Why the verdict, in a sentence, when it is not plain `same`.
    public var why: String?

    public init(
        location: String, source: String, platform: Platform? = nil, ios: PlatformResult,
        android: PlatformResult, verdict: ParityVerdict, row: Int? = nil, citation: String? = nil, why: String? = nil
    ) {
        self.location = location
        self.source = source
        self.platform = platform
        self.ios = ios
        self.android = android
        self.verdict = verdict
        self.row = row
        self.citation = citation
        self.why = why
    }

    /// The result on `platform`.
    public func result(on platform: Platform) -> PlatformResult { platform == .ios ? ios : android }

    /// The line number of `location`, when it names one.
    public var line: Int? { Self.line(of: location) }

    /// The line number of a `file:line` location (nil for `audit` or a bare file).
    static func line(of location: String) -> Int? { location.split(separator: ":").last.flatMap { Int($0) } }

    /// The file name (no folder) of a `file:line` location.
    static func fileName(of location: String) -> String {
        (location.split(separator: ":").dropLast().joined(separator: ":") as NSString).lastPathComponent
    }

    /// `iOS`, `Android` or `iOS, Android`: the platforms the row should hold on.
    var runsOn: String {
        platform?.displayName
            ?? [Platform.ios, .android].filter { result(on: $0).applies }.map(\.displayName)
            .joined(separator: ", ")
    }

    /// The §10 row or note it cites and why the verdict, joined: what a report's "why" column says.
    var explanation: String { [citation, why].compactMap { $0 }.joined(separator: " — ") }
}
