import AppRuntime
import Testing

/// Drives an app's reducer the way a test does: start a step, look at the effects it asks for,
/// answer the one it waits on, and so on — or let a responder answer the effects the test does not
/// care about. Everything is in memory: no process, no disk, no clock.
///
/// It is exhaustive, and says so by failing the test (an `Issue` at the line that caused it): an
/// answer of another kind than the effect it answers, an answer given after the step ended, a `run`
/// that reaches its budget with the step still waiting, and — when the store goes away — a step
/// left waiting for an answer. Silence is how a reducer test lies.
public final class TestStore<App: AppBehaviour> {
    public private(set) var reduced: Reducer<App>.State
    private let started: SourceLocation

    /// Starts `actions` (one user step) on `state`.
    public init(_ state: App.State, _ actions: App.Action..., sourceLocation: SourceLocation = #_sourceLocation) {
        reduced = Reducer<App>.start(state, actions).0
        started = sourceLocation
    }

    deinit {
        if let effect = reduced.awaiting {
            Issue.record(
                "The step ended the test still waiting for an answer to \(effect): answer it, or `run` the rest.",
                sourceLocation: started)
        }
    }

    /// The state now.
    public var state: App.State { reduced.app }
    /// Every effect asked for so far, in order.
    public var effects: [Effect<App>] { reduced.effects }
    /// The effects that wait for an answer, in order (journal lines, clock sleeps and link aliases
    /// left out).
    public var calls: [Effect<App>] { reduced.effects.filter(\.isAnswered) }
    /// The journal lines asked for so far.
    public var journal: [JournalLine] {
        reduced.effects.compactMap { if case .journal(let line) = $0 { return line } else { return nil } }
    }
    /// The effect the step waits on, nil once it has ended.
    public var awaiting: Effect<App>? { reduced.awaiting }
    public var notices: [String] { reduced.notices }
    public var outcome: Reducer<App>.Outcome? { reduced.outcome }

    /// Answers the effect the step waits on; returns the effects that follow. An answer of another
    /// kind, or one given when nothing waits, fails the test.
    @discardableResult
    public func answer(_ answer: Answer<App>, sourceLocation: SourceLocation = #_sourceLocation) -> [Effect<App>] {
        guard let effect = awaiting else {
            Issue.record(
                "Nothing waits for an answer (the step ended: \(outcome.map { "\($0)" } ?? "?")); \(answer) is left over.",
                sourceLocation: sourceLocation)
            return []
        }
        guard effect.accepts(answer) else {
            Issue.record("\(answer) does not answer \(effect).", sourceLocation: sourceLocation)
            return Reducer<App>.reduce(&reduced, answer)
        }
        return Reducer<App>.reduce(&reduced, answer)
    }

    /// Answers every effect with `respond` (given the effect and the state when it was asked) until
    /// the step ends; returns the effects that followed. A step still waiting after `budget` answers
    /// fails the test (a behaviour that asks forever, or a responder that never lets it end).
    @discardableResult
    public func run(
        budget: Int = 500, sourceLocation: SourceLocation = #_sourceLocation,
        _ respond: (Effect<App>, App.State) -> Answer<App>
    ) -> [Effect<App>] {
        var followed: [Effect<App>] = []
        var given = 0
        while let effect = awaiting {
            guard given < budget else {
                overran(budget, waiting: effect, sourceLocation)
                break
            }
            followed += answer(respond(effect, state), sourceLocation: sourceLocation)
            given += 1
        }
        return followed
    }

    /// Answers effects with `respond` until the step waits on an effect `stop` accepts (which stays
    /// unanswered) or ends; past `budget` answers the test fails.
    public func run(
        until stop: (Effect<App>) -> Bool, budget: Int = 500, sourceLocation: SourceLocation = #_sourceLocation,
        _ respond: (Effect<App>, App.State) -> Answer<App>
    ) {
        var given = 0
        while let effect = awaiting, !stop(effect) {
            guard given < budget else {
                overran(budget, waiting: effect, sourceLocation)
                return
            }
            answer(respond(effect, state), sourceLocation: sourceLocation)
            given += 1
        }
    }

    private func overran(_ budget: Int, waiting effect: Effect<App>, _ sourceLocation: SourceLocation) {
        Issue.record(
            "The step ran past its budget of \(budget) answers and still waits for an answer to \(effect).",
            sourceLocation: sourceLocation)
    }
}
