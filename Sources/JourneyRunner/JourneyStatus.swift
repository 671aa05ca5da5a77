import AppSupport

/// How one action (or sub-action) of a journey ended (spec/08 §1.4–§1.5).
public enum JourneyStatus: String, Sendable, Equatable, Encodable, CaseIterable {
    case held
    case didNotHold = "did-not-hold"
    /// A check that did not hold where the action says `report "already <x>" rather than failing`.
    case timing
    /// A check only a person with a screenshot can settle: nothing was done.
    case person
    /// Its `If …` condition was false.
    case skipped
    /// The interaction could not be performed as written: every later action is `notRun`.
    case notPerformable = "not-performable"
    /// An app crashed, exited or froze: evaluation stops, escalate.
    case crashed
    case notRun = "not-run"

    /// The words the text report prints.
    public var words: String {
        switch self {
        case .held: "held"
        case .didNotHold: "did not hold"
        case .timing: "timing"
        case .person: "needs a person"
        case .skipped: "skipped"
        case .notPerformable: "not performable as written"
        case .crashed: "crashed"
        case .notRun: "not run"
        }
    }

    /// Whether the journey fails with it.
    public var fails: Bool { self == .didNotHold || self == .notPerformable || self == .crashed }
}

/// One evaluated action of the report: its index (`3`, `3.1`), its prose, the app it addressed, its
/// status, what the screen showed when that matters, the placeholder values it used and, for a check
/// over a set, each member's result.
public struct JourneyActionResult: Sendable, Equatable, Encodable {
    public var index: String
    public var text: String
    public var app: String
    public var status: JourneyStatus
    public var detail: String?
    /// The placeholders the action used and their values.
    public var bindings: [String: JourneyBinding] = [:]
    /// A check over a set: each member's result.
    public var members: [JourneyMemberResult] = []
    /// Each app's last screen after the action (for the HTML report; not in the JSON).
    public var screens: [String: Screen] = [:]

    enum CodingKeys: String, CodingKey { case index, text, app, status, detail, bindings, members }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(text, forKey: .text)
        try container.encode(app, forKey: .app)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(detail, forKey: .detail)
        if !bindings.isEmpty { try container.encode(bindings, forKey: .bindings) }
        if !members.isEmpty { try container.encode(members, forKey: .members) }
    }
}

/// One member of a set a check ranged over (`<ring-pubky>`: each Ring identity) and how it fared.
public struct JourneyMemberResult: Sendable, Equatable, Encodable {
    public var member: String
    public var held: Bool
    public var detail: String?

    public init(member: String, held: Bool, detail: String? = nil) {
        self.member = member
        self.held = held
        self.detail = detail
    }
}

/// A placeholder's value in a report: one value, a set's members, or none (the world held no value).
public enum JourneyBinding: Sendable, Equatable, Encodable {
    case value(String)
    case members([String])
    case none(String)

    /// A string, an array of members, or `null`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .value(let value): try container.encode(value)
        case .members(let members): try container.encode(members)
        case .none: try container.encodeNil()
        }
    }

    /// As the HTML report and the text show it.
    public var text: String {
        switch self {
        case .value(let value): value
        case .members(let members): members.isEmpty ? "(no members)" : members.joined(separator: ", ")
        case .none(let why): "(none: \(why))"
        }
    }
}
