/// A toast as the apps show it: `type · Title · Description`.
public struct Toast: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable { case success, info, warning, error }

    public var type: Kind
    public var title: String
    public var description: String?
    /// Accessibility id where the app sets one (e.g. `PubkyAuthInvalidRequestToast`).
    public var id: String?

    public init(_ type: Kind, _ title: String, _ description: String? = nil, id: String? = nil) {
        self.type = type
        self.title = title
        self.description = description
        self.id = id
    }

    /// `error · Could Not Use Pubky · Authentication failed: …`
    public var text: String { [type.rawValue, title, description].compactMap { $0 }.joined(separator: " · ") }
}
