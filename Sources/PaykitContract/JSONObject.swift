/// A JSON object with its members in source order. Lookups see the last occurrence of a key, so
/// duplicate keys resolve as "last one wins" (spec/05 §3 rule 6).
public struct JSONObject: Equatable, Sendable {
    /// One `"key": value` pair.
    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// Members in source order, duplicates included.
    public var members: [Member]

    public init(_ members: [Member] = []) { self.members = members }

    /// The value of the last member named `key`.
    public subscript(key: String) -> JSONValue? {
        members.last(where: { $0.key == key })?.value
    }

    /// Keys in source order, duplicates included.
    public var keys: [String] { members.map(\.key) }
}
