import Foundation
import SimCLI

/// The built executables (next to the test bundle) and a way to run one.
enum BuiltTools {
    /// The folder holding `simctl`, `bitkit-sim` and `ring-sim`.
    static let directory: URL = SiblingTool.productsDirectory

    /// The repository root (three levels above this file).
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ tool: String, _ arguments: [String]) throws -> SiblingTool.Result {
        try SiblingTool.run(executable: directory.appendingPathComponent(tool), arguments)
    }
}
