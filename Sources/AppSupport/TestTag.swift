/// An element's Android Compose testTag (spec/08 §3.1). Bitkit's elements carry one, or `none` where
/// Android tags nothing; Ring's React Native testIDs are the same on both platforms, so Ring's
/// elements are `notApplicable` and their JSON leaves the key out.
public enum TestTag: Sendable, Equatable, Hashable {
    case notApplicable
    case none
    case tag(String)

    /// The tag, if there is one.
    public var value: String? {
        if case .tag(let tag) = self { return tag }
        return nil
    }

    /// Writes `testTag` as a string, `null` for `none`, and nothing for `notApplicable`.
    func encode<Key: CodingKey>(to container: inout KeyedEncodingContainer<Key>, forKey key: Key) throws {
        switch self {
        case .notApplicable: break
        case .none: try container.encodeNil(forKey: key)
        case .tag(let tag): try container.encode(tag, forKey: key)
        }
    }

    /// The reverse of `encode`: a missing key is `notApplicable`, `null` is `none`.
    static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> TestTag {
        guard container.contains(key) else { return .notApplicable }
        if try container.decodeNil(forKey: key) { return .none }
        return .tag(try container.decode(String.self, forKey: key))
    }
}

/// An element's identifiers as the real apps set them: the iOS `accessibilityIdentifier` (Bitkit) or
/// React Native `testID` (Ring) as `id`, and the Android testTag (spec/08 §3).
public struct ElementName: Sendable, Equatable, Hashable {
    public var id: String
    public var testTag: TestTag

    public init(id: String, testTag: TestTag) {
        self.id = id
        self.testTag = testTag
    }

    /// A Bitkit element whose Android testTag equals its iOS id.
    public static func same(_ id: String) -> ElementName { ElementName(id: id, testTag: .tag(id)) }
    /// A Bitkit element Android tags differently (`tag`) or not at all (nil).
    public static func bitkit(_ id: String, tag: String?) -> ElementName {
        ElementName(id: id, testTag: tag.map { .tag($0) } ?? .none)
    }
    /// A Ring element: its testID, the same on both platforms.
    public static func ring(_ id: String) -> ElementName { ElementName(id: id, testTag: .notApplicable) }
}
