/// One sub-action of a journey action (spec/08 §1.4 rule 2, §2.4.0), ready for a runner: its report index,
/// its own prose, the condition scope and app it runs under, its action's timing clause and its form.
public struct JourneyStep: Sendable, Equatable {
    /// `"N"` for an action with one step, else `"N.1"`, `"N.2"`, ….
    public let index: String
    /// The step's prose as written (the first step of a sentence keeps the sentence's lead: its `If …,`,
    /// `In Pubky Ring,`, commentary before a colon).
    public let text: String
    /// The condition this step runs under, if any (§2.4.1).
    public let scope: JourneyScope?
    /// The app named by `In Pubky Ring, …` / `In Bitkit, …` or a switch, if any, for this and later steps.
    public let app: JourneyApp?
    /// The action's timing sentence, if any (§1.4 rule 7, §2.4.9).
    public let timing: JourneyTiming?
    /// What the step asks for.
    public let form: JourneyForm
    /// Commentary around the step (§2.4.0 rule 3): never evaluated, reported as `note:`.
    public let notes: [String]
    /// A tap the same action then checks had no effect (`so tap a different row and verify nothing
    /// changes`): performed even on a disabled element (§2.4.8).
    public let expectsNoChange: Bool

    public init(
        index: String, text: String, scope: JourneyScope? = nil, app: JourneyApp?, timing: JourneyTiming? = nil,
        form: JourneyForm, notes: [String] = [], expectsNoChange: Bool = false
    ) {
        self.index = index
        self.text = text
        self.scope = scope
        self.app = app
        self.timing = timing
        self.form = form
        self.notes = notes
        self.expectsNoChange = expectsNoChange
    }

    /// The condition of the step's scope (for the else branch, the condition it is the else of).
    public var condition: JourneyCondition? { scope?.condition }

    /// `already <x>` of the action's timing sentence.
    public var timingClause: String? { timing?.clause }
}

/// The app an action addresses (§2.2 row 13).
public enum JourneyApp: String, Sendable, Equatable, Hashable {
    case bitkit
    case ring
}

/// A condition and the steps it governs (§2.4.1): evaluated once, when its scope's first step is reached.
public struct JourneyScope: Sendable, Equatable {
    /// Numbers the conditions of one action; the then and else branches of one condition share it.
    public let id: Int
    public let condition: JourneyCondition
    /// `true`: the steps run when the condition holds; `false`: the `otherwise` steps.
    public let whenTrue: Bool

    public init(id: Int, condition: JourneyCondition, whenTrue: Bool = true) {
        self.id = id
        self.condition = condition
        self.whenTrue = whenTrue
    }
}

/// `report "already <x>" rather than failing` (§1.4 rule 7), with the condition of a timing sentence
/// `If C, …: report "already <x>" …` (§2.4.9).
public struct JourneyTiming: Sendable, Equatable {
    public let clause: String
    public let condition: JourneyCondition?

    public init(clause: String, condition: JourneyCondition? = nil) {
        self.clause = clause
        self.condition = condition
    }
}
