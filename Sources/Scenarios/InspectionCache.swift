import Foundation
import Synchronization

/// The output of `bitkit-sim state` and `ring-sim state` (inspection commands that never act)
/// within one race iteration's checks, so invariants and outcomes that read the same state start one
/// process instead of several. The text is kept and parsed on each use: parsed JSON is not Sendable.
package final class InspectionCache: Sendable {
    private let outputs = Mutex<[String: String]>([:])

    package init() {}

    /// The output fetched earlier for this command, if it is a cacheable inspection.
    package func output(_ tool: Tool, _ arguments: [String]) -> String? {
        guard let key = Self.key(tool, arguments) else { return nil }
        return outputs.withLock { $0[key] }
    }

    package func remember(_ tool: Tool, _ arguments: [String], output: String) {
        guard let key = Self.key(tool, arguments) else { return }
        outputs.withLock { $0[key] = output }
    }

    private static func key(_ tool: Tool, _ arguments: [String]) -> String? {
        guard tool.appName != nil, arguments == ["state"] else { return nil }
        return tool.rawValue
    }
}
