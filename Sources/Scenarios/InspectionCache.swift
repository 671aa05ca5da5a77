import Foundation

/// The parsed output of `bitkit-sim state` and `ring-sim state` (inspection commands that never act)
/// within one race iteration's checks, so invariants and outcomes that read the same state start one
/// process instead of several.
final class InspectionCache: @unchecked Sendable {
    private let lock = NSLock()
    private var documents: [String: Any?] = [:]

    /// The document fetched earlier for this command, if it is a cacheable inspection.
    func document(_ tool: Tool, _ arguments: [String]) -> Any?? {
        guard let key = Self.key(tool, arguments) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return documents[key]
    }

    func remember(_ tool: Tool, _ arguments: [String], _ document: Any?) {
        guard let key = Self.key(tool, arguments) else { return }
        lock.lock()
        defer { lock.unlock() }
        documents[key] = document
    }

    private static func key(_ tool: Tool, _ arguments: [String]) -> String? {
        guard tool.appName != nil, arguments == ["state"] else { return nil }
        return tool.rawValue
    }
}
