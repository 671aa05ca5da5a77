/// Drives an app's reducer the way a test does: start a step, look at the effects it asks for,
/// answer the one it waits on, and so on — or let a responder answer the effects the test does not
/// care about. Everything is in memory: no process, no disk, no clock.
public struct TestStore<App: AppBehaviour> {
    public private(set) var reduced: Reducer<App>.State

    /// Starts `actions` (one user step) on `state`.
    public init(_ state: App.State, _ actions: App.Action...) {
        reduced = Reducer<App>.start(state, actions).0
    }

    /// The state now.
    public var state: App.State { reduced.app }
    /// Every effect asked for so far, in order.
    public var effects: [Effect<App>] { reduced.effects }
    /// The effects that wait for an answer, in order (journal lines and clock sleeps left out).
    public var calls: [Effect<App>] { reduced.effects.filter(\.isAnswered) }
    /// The journal lines asked for so far.
    public var journal: [JournalLine] {
        reduced.effects.compactMap { if case .journal(let line) = $0 { return line } else { return nil } }
    }
    /// The effect the step waits on, nil once it has ended.
    public var awaiting: Effect<App>? { reduced.awaiting }
    public var notices: [String] { reduced.notices }
    public var outcome: Reducer<App>.Outcome? { reduced.outcome }

    /// Answers the effect the step waits on; returns the effects that follow.
    @discardableResult
    public mutating func answer(_ answer: Answer<App>) -> [Effect<App>] {
        Reducer<App>.reduce(&reduced, answer)
    }

    /// Answers every effect with `respond` (given the effect and the state when it was asked) until
    /// the step ends or `limit` answers were given; returns the effects that followed.
    @discardableResult
    public mutating func run(limit: Int = 500, _ respond: (Effect<App>, App.State) -> Answer<App>) -> [Effect<App>] {
        var followed: [Effect<App>] = []
        var given = 0
        while let effect = awaiting, given < limit {
            followed += answer(respond(effect, state))
            given += 1
        }
        return followed
    }

    /// Answers effects with `respond` until the step waits on an effect `stop` accepts (which stays
    /// unanswered) or ends.
    public mutating func run(
        until stop: (Effect<App>) -> Bool, _ respond: (Effect<App>, App.State) -> Answer<App>
    ) {
        while let effect = awaiting, !stop(effect) { answer(respond(effect, state)) }
    }
}
