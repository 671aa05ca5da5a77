/// An app's behaviour as a pure function: (state, answer) → (new state, effects). A test starts an
/// action, gets the first effects, answers the last one, gets the next, and so on — and asserts
/// the exact effects and states, with no process, no disk and no clock.
///
/// Each step replays the action from its start against the answers given so far (the behaviour is
/// a function of its state and its answers, so the replay reaches the same point) and stops at the
/// first effect still unanswered. The live runtime runs the same behaviour once, performing each
/// effect as it is asked, so a real action pays nothing for this.
public enum Reducer<App: AppBehaviour> {
    public struct State: Sendable, Equatable {
        /// The state the action started from.
        public let start: App.State
        /// The step's actions (one, or a few taps in a row).
        public let actions: [App.Action]
        /// Every answer given so far.
        public private(set) var answers: [Answer<App>] = []
        /// The state now.
        public private(set) var app: App.State
        /// Every effect asked for so far (journal lines included), in order.
        public private(set) var effects: [Effect<App>] = []
        public private(set) var notices: [String] = []
        /// Nil while the action waits for an answer.
        public private(set) var outcome: Outcome?
        let memo = Memo()

        init(start: App.State, actions: [App.Action]) {
            self.start = start
            self.actions = actions
            self.app = start
        }

        public static func == (lhs: State, rhs: State) -> Bool {
            lhs.start == rhs.start && lhs.actions == rhs.actions && lhs.answers == rhs.answers && lhs.app == rhs.app
                && lhs.effects == rhs.effects && lhs.notices == rhs.notices && lhs.outcome == rhs.outcome
        }

        /// The effect the action waits on, if it waits.
        public var awaiting: Effect<App>? { outcome == nil ? effects.last : nil }

        mutating func run() -> [Effect<App>] {
            var context = Context<App>(state: start, answers: answers, memo: memo)
            let before = effects.count
            do {
                try App.act(actions, &context)
                outcome = .finished
            } catch is Suspension {
            } catch {
                outcome = .failed("\(error)")
            }
            if let suspended = context.suspension {
                outcome = nil
                app = suspended.state
                effects = suspended.steps.map(\.effect) + [suspended.effect]
                notices = suspended.notices
            } else {
                app = context.state
                effects = context.steps.map(\.effect)
                notices = context.notices
            }
            return Array(effects.dropFirst(before))
        }

        mutating func append(_ answer: Answer<App>) { answers.append(answer) }

        mutating func fail(_ error: any Error) { outcome = .failed("\(error)") }
    }

    /// How an action ended.
    public enum Outcome: Sendable, Equatable {
        case finished
        /// It threw (a usage error, a broken world); the text of the error.
        case failed(String)
    }

    /// Starts `action` on `state`: the effects up to the first one that needs an answer.
    public static func start(_ state: App.State, _ action: App.Action) -> (State, [Effect<App>]) {
        start(state, [action])
    }

    /// Starts a step of several actions on `state`.
    public static func start(_ state: App.State, _ actions: [App.Action]) -> (State, [Effect<App>]) {
        var reduced = State(start: state, actions: actions)
        let effects = reduced.run()
        return (reduced, effects)
    }

    /// Answers the effect the action waits on: the effects that follow, up to the next that needs
    /// an answer (none when the action has ended). An answer of another kind than the effect asks
    /// for fails the action (`Outcome.failed`, naming both) and is not kept.
    public static func reduce(_ state: inout State, _ answer: Answer<App>) -> [Effect<App>] {
        guard state.outcome == nil else { return [] }
        if let effect = state.awaiting, !effect.accepts(answer) {
            state.fail(AnswerMismatch(answer, to: effect))
            return []
        }
        state.append(answer)
        return state.run()
    }
}
