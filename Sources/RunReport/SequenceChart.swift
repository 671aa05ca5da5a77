/// A sequence diagram as data: lanes (participants) and, in order, messages between two lanes and
/// notes over one or more. `simctl journal --sequence` prints it as Mermaid; reports draw it as SVG.
public struct SequenceChart: Sendable, Equatable {
    public struct Participant: Sendable, Equatable {
        /// A short id (`B`, `S`…), what items refer to.
        public var id: String
        public var name: String

        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }

    public enum Item: Sendable, Equatable {
        case message(from: String, to: String, text: String)
        case note(over: [String], text: String)
    }

    public var participants: [Participant]
    public var items: [Item]

    public init(participants: [Participant] = [], items: [Item] = []) {
        self.participants = participants
        self.items = items
    }
}
