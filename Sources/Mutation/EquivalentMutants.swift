import Foundation

/// The reviewed list of equivalent mutants (`Fixtures/mutation/equivalent`): mutants that no test
/// can kill because they do not change what the apps do, each with the reason a reviewer accepted.
/// Lines are `ID REASON…`; `#` starts a comment.
public struct EquivalentMutants: Sendable, Equatable {
    public var reasons: [String: String]

    public init(reasons: [String: String] = [:]) { self.reasons = reasons }

    public struct Malformed: Error, CustomStringConvertible {
        public var line: Int
        public var description: String {
            "line \(line) of the equivalent-mutant list: expected `ID REASON`, the reason saying why no behaviour changes"
        }
    }

    public static func parse(_ text: String) throws(Malformed) -> EquivalentMutants {
        var reasons: [String: String] = [:]
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[1].trimmingCharacters(in: .whitespaces).isEmpty else {
                throw Malformed(line: number + 1)
            }
            reasons[parts[0]] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        return EquivalentMutants(reasons: reasons)
    }
}
