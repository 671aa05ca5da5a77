/// An ordered capability list, written joined with `,` and no spaces (spec/04 §5.1).
public struct Capabilities: Hashable, Sendable, CustomStringConvertible {
    /// The entries in their given order.
    public let entries: [Capability]

    /// Just the root capability `/:rw`.
    public static let root = Capabilities([.root])

    /// Wraps `entries` as given.
    public init(_ entries: [Capability]) {
        self.entries = entries
    }

    /// Parses a comma-separated list; invalid entries (including empty ones) are silently skipped.
    public init(parsing text: String) {
        entries = text.split(separator: ",", omittingEmptySubsequences: false).compactMap {
            try? Capability(parsing: String($0))
        }
    }

    /// The list a signer signs: equal scopes merged (union of actions), entries covered by a broader
    /// entry dropped, first-seen order kept.
    public var normalizedForSigning: Capabilities {
        var order: [String] = []
        var merged: [String: CapabilityActions] = [:]
        for entry in entries {
            if let actions = merged[entry.scope] {
                merged[entry.scope] = actions.union(entry.actions)
            } else {
                order.append(entry.scope)
                merged[entry.scope] = entry.actions
            }
        }
        // Only trailing-`/` ancestors can cover a scope, so checking each of them keeps this linear in
        // the list length rather than comparing every pair.
        let kept = order.compactMap { scope -> Capability? in
            guard let actions = merged[scope] else { return nil }
            let coveredByAncestor = Self.ancestorScopes(of: scope).contains { ancestor in
                merged[ancestor].map { $0.isSuperset(of: actions) } ?? false
            }
            return coveredByAncestor ? nil : (try? Capability(scope: scope, actions: actions))
        }
        return Capabilities(kept)
    }

    /// True when some entry grants `action` on `path`.
    public func covers(path: String, action: CapabilityActions) -> Bool {
        entries.contains { $0.covers(path: path, action: action) }
    }

    public var description: String { entries.map(\.description).joined(separator: ",") }

    /// The strictly broader trailing-`/` scopes that could cover `scope`: every proper prefix ending in
    /// `/`.
    private static func ancestorScopes(of scope: String) -> [String] {
        var ancestors: [String] = []
        var index = scope.startIndex
        while index < scope.endIndex {
            let next = scope.index(after: index)
            if scope[index] == "/", next < scope.endIndex { ancestors.append(String(scope[..<next])) }
            index = next
        }
        return ancestors
    }
}
