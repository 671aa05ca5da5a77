/// Why a fixture file does not follow the cross-platform schema (spec/05 §7.1).
public enum FixtureError: Error, Equatable, Sendable {
    case malformedJSON(JSONParseError)
    /// A schema violation at a JSON path such as `requestFixtures[3].network`.
    case schema(path: String, problem: String)
}

extension FixtureError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .malformedJSON(let error): return "fixture is not strict JSON: \(error)"
        case .schema(let path, let problem): return "fixture schema: \(path): \(problem)"
        }
    }
}
