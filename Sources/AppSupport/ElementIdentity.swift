/// One identified thing on a screen, whatever its kind (row, button, element, toast): its
/// identifiers, whether it is disabled, and the texts it shows (title, caption, label, text).
public struct ElementIdentity: Sendable, Equatable {
    public var id: String
    public var testTag: TestTag
    public var disabled: Bool
    public var texts: [String]

    public init(id: String, testTag: TestTag, disabled: Bool, texts: [String]) {
        self.id = id
        self.testTag = testTag
        self.disabled = disabled
        self.texts = texts
    }
}
