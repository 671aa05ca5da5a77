/// One capability `<scope>:<actions>` (spec/04 §5.1).
public struct Capability: Hashable, Sendable, CustomStringConvertible {
    /// An absolute path; ending in `/` it covers every descendant, otherwise exactly itself.
    public let scope: String
    /// The granted actions.
    public let actions: CapabilityActions

    /// The root capability `/:rw` the key holder uses to sign in or up.
    public static let root = Capability(uncheckedScope: "/", actions: .readWrite)

    /// A capability for `scope`; throws unless the scope starts with `/` and contains no `:` or `,`.
    public init(scope: String, actions: CapabilityActions) throws(CapabilityError) {
        guard scope.hasPrefix("/") else { throw .scopeNotAbsolute(scope) }
        guard !scope.contains(":"), !scope.contains(",") else { throw .invalidFormat(scope) }
        self.init(uncheckedScope: scope, actions: actions)
    }

    /// Parses `<scope>:<actions>`: exactly one `:`, scope starting with `/`, actions from `r`/`w`.
    /// An empty action list is accepted, as upstream does.
    public init(parsing text: String) throws(CapabilityError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !text.contains(",") else { throw .invalidFormat(text) }
        guard parts[0].hasPrefix("/") else { throw .scopeNotAbsolute(String(parts[0])) }
        guard let actions = CapabilityActions(letters: parts[1]) else {
            throw .invalidActions(String(parts[1]))
        }
        self.init(uncheckedScope: String(parts[0]), actions: actions)
    }

    private init(uncheckedScope: String, actions: CapabilityActions) {
        self.scope = uncheckedScope
        self.actions = actions
    }

    /// True when this scope covers `path`: a trailing-`/` scope covers itself and its descendants,
    /// any other scope exactly that path (`/pub/app` covers neither `/pub/app/x` nor `/pub/app-evil`).
    public func coversPath(_ path: String) -> Bool {
        scope.hasSuffix("/") ? path.hasPrefix(scope) : path == scope
    }

    /// True when this capability grants every action of `action` on `path`.
    public func covers(path: String, action: CapabilityActions) -> Bool {
        actions.isSuperset(of: action) && coversPath(path)
    }

    /// True when everything `other` grants is granted by this capability too.
    public func covers(_ other: Capability) -> Bool {
        covers(path: other.scope, action: other.actions)
    }

    public var description: String { "\(scope):\(actions)" }
}
