/// A toast as the apps show it: `type · Title · Description`.
public struct Toast: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable { case success, info, warning, error }

    public var type: Kind
    public var title: String
    public var description: String?
    /// Accessibility id where the app sets one (e.g. `PubkyAuthInvalidRequestToast`).
    public var id: String?
    /// Bitkit's Android testTag for the toast (spec/08 §3.2); Ring's toasts carry none.
    public var testTag: TestTag

    public init(
        _ type: Kind, _ title: String, _ description: String? = nil, id: String? = nil,
        testTag: TestTag = .notApplicable
    ) {
        self.type = type
        self.title = title
        self.description = description
        self.id = id
        self.testTag = testTag
    }

    /// A toast with an identified element's id and testTag.
    public init(_ type: Kind, _ title: String, _ description: String? = nil, name: ElementName) {
        self.init(type, title, description, id: name.id, testTag: name.testTag)
    }

    /// `error · Could Not Use Pubky · Authentication failed: …`
    public var text: String { [type.rawValue, title, description].compactMap { $0 }.joined(separator: " · ") }

    enum CodingKeys: String, CodingKey { case type, title, description, id, testTag, text }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(Kind.self, forKey: .type)
        title = try container.decode(String.self, forKey: .title)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        testTag = try TestTag.decode(from: container, forKey: .testTag)
    }

    /// Also writes `text`, so scripts and scenarios can compare a toast with one string.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(id, forKey: .id)
        try testTag.encode(to: &container, forKey: .testTag)
        try container.encode(text, forKey: .text)
    }
}
