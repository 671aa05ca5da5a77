/// What `simctl parity` concludes of one row: a scenario's expectation (or the scenario itself, when it
/// runs on one platform only) compared between iOS and Android.
public enum ParityVerdict: String, Codable, Sendable, CaseIterable, Comparable {
    /// Both platforms hold it; or each holds its own form of it, as a `parity:` line says.
    case same
    /// It holds on one platform only, and spec/07 §10 says the platforms differ there.
    case differsByDesign = "differs by design"
    /// It holds on one platform only, under a `parity: assumed:` line: spec/07 §11 chose the Android
    /// behaviour where the app's is not known. Not a failure; a question for a device run.
    case differsByAssumption = "differs by assumption"
    /// It holds on one platform and not on the other, or nothing says why it is one platform's only:
    /// something to look into.
    case differsUnexpectedly = "differs unexpectedly"
    /// It fails on both platforms: not a difference, but parity cannot vouch for it either.
    case failsOnBoth = "fails on both"

    /// `same`, `by design`, `unexpected`, `failing on both`: how a scenario's heading counts its rows.
    public var shortName: String {
        switch self {
        case .same: return "same"
        case .differsByDesign: return "by design"
        case .differsByAssumption: return "by assumption"
        case .differsUnexpectedly: return "unexpected"
        case .failsOnBoth: return "failing on both"
        }
    }

    /// Whether the row makes `simctl parity` exit 1.
    public var isProblem: Bool { self == .differsUnexpectedly || self == .failsOnBoth }

    public static func < (lhs: ParityVerdict, rhs: ParityVerdict) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
