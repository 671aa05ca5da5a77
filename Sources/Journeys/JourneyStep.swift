/// One sub-action of a journey action (spec/08 §1.4 rule 2), ready for a runner: its report index, its own
/// prose, the condition and app it runs under, its timing clause and its recognised form.
public struct JourneyStep: Sendable, Equatable {
    /// `"N"` for an action with one interaction, else `"N.1"`, `"N.2"`, ….
    public let index: String
    /// The sub-action's prose as written (a leading `If …,` or `In Pubky Ring,` stays on the step that
    /// wrote it; later steps carry them only in `condition` and `app`).
    public let text: String
    /// The `If …,` condition that applies to this step, if any.
    public let condition: JourneyCondition?
    /// The app named by `In Pubky Ring, …` / `In Bitkit, …` or a switch, if any, for this and later steps.
    public let app: JourneyApp?
    /// `already <x>` from `report "already <x>" rather than failing` anywhere in the action (§1.4 rule 7).
    public let timingClause: String?
    /// What the step asks for.
    public let form: JourneyForm

    public init(
        index: String, text: String, condition: JourneyCondition?, app: JourneyApp?, timingClause: String?,
        form: JourneyForm
    ) {
        self.index = index
        self.text = text
        self.condition = condition
        self.app = app
        self.timingClause = timingClause
        self.form = form
    }
}

/// The app an action addresses (§2.2 row 13).
public enum JourneyApp: String, Sendable, Equatable, Hashable {
    case bitkit
    case ring
}

/// The condition of `If …, …` (§2.2 row 9).
public enum JourneyCondition: Sendable, Equatable {
    /// An element condition (`If the Profile intro (id "ProfileIntro") appears`): a form-4 check of it.
    case element(ElementMention)
    /// A prompt the simulator never shows, so the condition is false: `"PIN screen"`, `"camera permission"`
    /// or `"notification permission"`.
    case promptNeverShown(String)
    /// `If nothing happens`: true when the previous sub-action left the screen unchanged.
    case nothingHappened
    /// Any other condition, as written (the runner reports it `needs a person`).
    case other(String)
}
