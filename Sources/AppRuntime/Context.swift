import ContractNames
import Foundation
import IdentitySharing
import Synchronization

/// What an app's behaviour runs against: its state, and every effect it asks for with the answer
/// it got. Live, the runtime performs each effect as it is asked; replayed (`Reducer`), the answers
/// given so far are handed back in order, and the first effect without one stops the behaviour
/// there — the state and effects at that moment are the reducer's result.
public struct Context<App: AppBehaviour>: EffectContext {
    /// One effect the behaviour asked for, and the answer it got (nil for a journal line).
    public struct Step: Sendable, Equatable {
        public var effect: Effect<App>
        public var answer: Answer<App>?
    }

    public var state: App.State
    /// Every effect asked for so far, in order.
    public private(set) var steps: [Step] = []
    /// Notices the tool prints besides the screen (a tap the screen does not offer, …).
    public var notices: [String] = []
    private var source: Source
    /// Pure derivations remembered across replays (2,048 rounds of PBKDF2 need not run twice).
    let memo: Memo

    enum Source {
        case live(any EffectPerformer<App>)
        case replay(answers: [Answer<App>], next: Int)
        /// A replay that ran out of answers: the state and steps at that point, and the effect asked.
        case suspended(state: App.State, steps: [Step], notices: [String], effect: Effect<App>)
    }

    /// A context whose effects `performer` performs as they are asked.
    public init(state: App.State, performer: any EffectPerformer<App>) {
        self.state = state
        self.source = .live(performer)
        self.memo = Memo()
    }

    init(state: App.State, answers: [Answer<App>], memo: Memo) {
        self.state = state
        self.source = .replay(answers: answers, next: 0)
        self.memo = memo
    }

    /// Asks for `effect` and returns its answer. Live or replayed, an answer of another kind than
    /// the effect asks for (or none) fails the action with `AnswerMismatch`.
    public mutating func perform(_ effect: Effect<App>) throws -> Answer<App> {
        let answer: Answer<App>
        switch source {
        case .live(let performer):
            guard let performed = performer.perform(effect, state: state) else { throw AnswerMismatch(to: effect) }
            answer = performed
        case .replay(let answers, let next):
            guard next < answers.count else {
                source = .suspended(state: state, steps: steps, notices: notices, effect: effect)
                throw Suspension()
            }
            source = .replay(answers: answers, next: next + 1)
            answer = answers[next]
        case .suspended:
            throw Suspension()
        }
        guard effect.accepts(answer) else { throw AnswerMismatch(answer, to: effect) }
        steps.append(Step(effect: effect, answer: answer))
        return answer
    }

    /// Asks for an effect that has no answer (a journal line, a clock sleep, link aliases).
    public mutating func emit(_ effect: Effect<App>) {
        switch source {
        case .live(let performer):
            _ = performer.perform(effect, state: state)
            steps.append(Step(effect: effect, answer: nil))
        case .replay:
            steps.append(Step(effect: effect, answer: nil))
        case .suspended:
            break
        }
    }

    /// Where a replay stopped for want of an answer.
    var suspension: (state: App.State, steps: [Step], notices: [String], effect: Effect<App>)? {
        if case .suspended(let state, let steps, let notices, let effect) = source {
            return (state, steps, notices, effect)
        }
        return nil
    }

    // MARK: EffectContext

    public mutating func notice(_ text: String) { notices.append(text) }

    public var isRunning: Bool { App.isRunning(state) }

    public mutating func resume(_ reloaded: App.Stored) -> Bool { App.resume(&state, reloaded: reloaded) }

    public var appState: App.State { state }

    public mutating func withApp<T>(_ body: (inout Context<App>) throws -> T) rethrows -> T { try body(&self) }

    // MARK: Pure work worth remembering

    /// `compute(key)`, remembered for the life of the action across replays: for pure derivations
    /// that are expensive (a mnemonic's key, a recovery file's Argon2id).
    public func remembered<Value: Sendable>(_ key: String, _ compute: () throws -> Value) rethrows -> Value {
        try memo.value(key, compute)
    }
}

/// A replay ran out of answers (never seen outside `Reducer`).
struct Suspension: Error {}

/// Values of pure derivations, by key.
final class Memo: Sendable {
    private let values = Mutex<[String: any Sendable]>([:])

    func value<Value: Sendable>(_ key: String, _ compute: () throws -> Value) rethrows -> Value {
        if let known = values.withLock({ $0[key] }) as? Value { return known }
        let value = try compute()
        values.withLock { $0[key] = value }
        return value
    }
}

/// Performs effects as a live context asks for them: the runtime on a device, or a test's script.
public protocol EffectPerformer<App> {
    associatedtype App: AppBehaviour
    /// The answer to `effect`, asked with the behaviour's state at that moment (a checkpoint saves it).
    func perform(_ effect: Effect<App>, state: App.State) -> Answer<App>?
}
