/// What one step of a lane touches between two scheduling points: resources it reads or writes.
/// A resource is a path (`keychain`, group, service, account); a shorter path covers everything
/// below it, so listing a service (`keychain`, group, service) touches every account in it, and the
/// empty path is the whole world (a `simctl` command in a lane).
///
/// Two steps of different lanes commute unless they touch overlapping resources and at least one
/// of them writes: two reads always commute, as do steps on different accounts or backend rows.
public struct Footprint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// One resource and whether the step writes it.
    public struct Access: Sendable, Hashable, Codable {
        public var resource: [String]
        public var writes: Bool

        public init(_ resource: [String], writes: Bool) {
            self.resource = resource
            self.writes = writes
        }

        /// Whether the two accesses can see each other's effect.
        public func conflicts(with other: Access) -> Bool {
            guard writes || other.writes else { return false }
            let shorter = min(resource.count, other.resource.count)
            return resource.prefix(shorter) == other.resource.prefix(shorter)
        }
    }

    public var accesses: [Access]

    public init(_ accesses: [Access]) { self.accesses = accesses }

    /// A step that touches nothing another lane can see.
    public static let none = Footprint([])

    /// A step that may touch anything (reads and writes the whole world).
    public static let everything = Footprint([Access([], writes: true)])

    public static func reads(_ resource: [String]) -> Footprint { Footprint([Access(resource, writes: false)]) }
    public static func writes(_ resource: [String]) -> Footprint { Footprint([Access(resource, writes: true)]) }

    /// Whether the order of this step and `other` (of another lane) can matter.
    public func conflicts(with other: Footprint) -> Bool {
        accesses.contains { access in other.accesses.contains { access.conflicts(with: $0) } }
    }

    /// e.g. `writes keychain/KYH47R284B.pubky.shared/pubky.shared.v1/app.pubkyring:…`.
    public var description: String {
        guard !accesses.isEmpty else { return "touches nothing shared" }
        return accesses.map { access in
            (access.writes ? "writes " : "reads ")
                + (access.resource.isEmpty ? "everything" : access.resource.joined(separator: "/"))
        }.joined(separator: ", ")
    }
}
