import Foundation
import Testing

/// The apps are trees of features (TCA's `Scope`): a feature's files touch its own state only, and
/// reach the app's state or another feature's only through what the composing app offers
/// (`Bitkit+Parent.swift`, `Ring+Parent.swift`). A check that fails the suite when a feature file
/// reaches around its parent.
@Suite struct FeatureBoundaryTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each app's features: the feature (its folder's name) and the text of each of its files.
    static func features(of app: String) throws -> [(feature: String, files: [(name: String, text: String)])] {
        let folder = root.appendingPathComponent("Sources/\(app)/Features")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return try names.map { feature in
            let directory = folder.appendingPathComponent(feature)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                .filter { $0.hasSuffix(".swift") }
                .map { ($0, try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8)) }
            return (feature, files)
        }
    }

    /// What a feature file may not name: the app's whole context and state, and any other feature's
    /// state, context or actions.
    static func violations(in app: String, state appTypes: [String]) throws -> [String] {
        let features = try Self.features(of: app)
        #expect(features.count >= 4, "\(app) has its features under Sources/\(app)/Features")
        var found: [String] = []
        for (feature, files) in features {
            let others = features.map(\.feature).filter { $0 != feature }
            var forbidden = [#"\bwithApp\b"#, #"\bappState\b"#, #"\bContext\b"#, #"\bEffectContext\b"#]
            forbidden += appTypes.map { #"\b\#($0)\b"# }
            forbidden += others.map { #"\b\#($0)\.(State|Action|self)\b|F == \#($0)\b"# }
            for (name, text) in files {
                let code = text.split(separator: "\n").filter {
                    !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                }
                .joined(separator: "\n")
                for pattern in forbidden where code.contains(try Regex(pattern)) {
                    found.append("\(app)/Features/\(feature)/\(name) names \(pattern)")
                }
                for line in code.split(separator: "\n") where line.hasPrefix("extension ") {
                    let own =
                        line.hasPrefix("extension \(feature) ") || line.hasPrefix("extension \(feature):")
                        || line.hasPrefix("extension FeatureContext where F == \(feature) ")
                    if !own { found.append("\(app)/Features/\(feature)/\(name) extends another type: \(line)") }
                }
            }
        }
        return found
    }

    @Test func aBitkitFeatureTouchesOnlyItsOwnStateAndWhatBitkitOffers() throws {
        let violations = try Self.violations(in: "BitkitApp", state: ["BitkitState", "BitkitMemory", "BitkitStored"])
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func aRingFeatureTouchesOnlyItsOwnStateAndWhatRingOffers() throws {
        let violations = try Self.violations(in: "RingApp", state: ["RingState", "RingMemory", "RingStored"])
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }
}
