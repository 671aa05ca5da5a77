/// A file in a group folder that is not a valid item, and why.
public struct IgnoredEntry: Sendable, Equatable, Codable {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
