import ContractNames
import Foundation
import IdentitySharing
import Synchronization

/// What an app's behaviour runs against: its state, and every effect it asks for with the answer
/// it got. Live, the runtime performs each effect as it is asked; replayed (`Reducer`), the answers
/// given so far are handed back in order, and the first effect without one stops the behaviour
/// there — the state and effects at that moment are the reducer's result.
public struct Context<App: AppBehaviour> {
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

    /// Asks for `effect` and returns its answer.
    public mutating func perform(_ effect: Effect<App>) throws -> Answer<App> {
        switch source {
        case .live(let performer):
            guard let answer = performer.perform(effect, state: state) else {
                throw Self.unexpected(nil, for: "\(effect)")
            }
            steps.append(Step(effect: effect, answer: answer))
            return answer
        case .replay(let answers, let next):
            guard next < answers.count else {
                source = .suspended(state: state, steps: steps, notices: notices, effect: effect)
                throw Suspension()
            }
            source = .replay(answers: answers, next: next + 1)
            steps.append(Step(effect: effect, answer: answers[next]))
            return answers[next]
        case .suspended:
            throw Suspension()
        }
    }

    /// Asks for an effect that has no answer (a journal line).
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

    // MARK: The effects every app uses

    public mutating func record(_ line: JournalLine) { emit(.journal(line)) }

    public mutating func notice(_ text: String) { notices.append(text) }

    /// An `await` of the real app; throws `AppTerminated` when the app stopped running meanwhile.
    public mutating func suspend(_ checkpoint: App.Checkpoint) throws {
        guard try pause(checkpoint) else { throw AppTerminated() }
    }

    /// An `await` whose caller goes on even when the app stopped running meanwhile (it checks the
    /// state itself); returns whether it still runs.
    @discardableResult
    public mutating func pause(_ checkpoint: App.Checkpoint) throws -> Bool {
        switch try perform(.checkpoint(checkpoint)) {
        case .resumed(let reloaded): return App.resume(&state, reloaded: reloaded)
        case let other: throw Self.unexpected(other, for: "checkpoint")
        }
    }

    /// The next value of the world's random sequence.
    public mutating func draw() throws -> UInt64 {
        switch try perform(.draw) {
        case .drawn(let value): return value
        case .broken(let error): throw error
        case let other: throw Self.unexpected(other, for: "draw")
        }
    }

    /// A new launch's id.
    public mutating func newLaunchID() throws -> UInt64 {
        switch try perform(.launchID) {
        case .drawn(let value): return value
        case .broken(let error): throw error
        case let other: throw Self.unexpected(other, for: "launchID")
        }
    }

    /// The device clock.
    public mutating func now() throws -> Date {
        switch try perform(.readClock) {
        case .clock(let date): return date
        case .broken(let error): throw error
        case let other: throw Self.unexpected(other, for: "clock")
        }
    }

    /// Whether `fault` is armed (a counted one is used up).
    public mutating func faultArmed(_ fault: App.Fault) throws -> Bool {
        switch try perform(.sdkFault(fault)) {
        case .fault(let armed): return armed
        case let other: throw Self.unexpected(other, for: "fault")
        }
    }

    /// Whether the device gives the app a connection now.
    public mutating func isOnline() throws -> Bool {
        switch try perform(.connectivity) {
        case .online(let online): return online
        case let other: throw Self.unexpected(other, for: "connectivity")
        }
    }

    /// This run's simulated pid, held alive for other runs to see until the run ends.
    public mutating func holdProcess() throws -> Int32 {
        switch try perform(.holdProcess) {
        case .process(let pid): return pid
        case .broken(let error): throw error
        case let other: throw Self.unexpected(other, for: "holdProcess")
        }
    }

    /// Whether the run given `pid` still goes on.
    public mutating func isAlive(_ pid: Int32) throws -> Bool {
        switch try perform(.processAlive(pid)) {
        case .alive(let alive): return alive
        case let other: throw Self.unexpected(other, for: "processAlive")
        }
    }

    /// A call on the app's own stores or network client.
    public mutating func request(_ request: App.Request) throws -> App.Reply {
        switch try perform(.request(request)) {
        case .reply(let reply): return reply
        case .broken(let error): throw error
        case let other: throw Self.unexpected(other, for: "request")
        }
    }

    // MARK: Sharing

    public mutating func listPeers() throws -> SharingListing {
        guard case .listing(let listing) = try share(.listPeers) else { throw Self.unexpected(nil, for: "list") }
        return listing
    }

    public mutating func readSecret(_ identity: SharedIdentity) throws -> SecretRead {
        guard case .secret(let read) = try share(.readSecret(identity)) else {
            throw Self.unexpected(nil, for: "readSecret")
        }
        return read
    }

    public mutating func presence(of identity: SharedIdentity) throws -> Presence {
        guard case .presence(let presence) = try share(.presence(identity)) else {
            throw Self.unexpected(nil, for: "presence")
        }
        return presence
    }

    public mutating func offer(pubky: String, secret: String, between: App.Checkpoint? = nil) throws -> SharingWrite {
        guard case .write(let write) = try share(.offer(pubky: pubky, secret: secret, between: between)) else {
            throw Self.unexpected(nil, for: "offer")
        }
        return write
    }

    public mutating func withdraw(pubky: String) throws -> SharingWrite {
        guard case .write(let write) = try share(.withdraw(pubky: pubky)) else {
            throw Self.unexpected(nil, for: "withdraw")
        }
        return write
    }

    public mutating func withdrawAll(before: App.Checkpoint? = nil) throws -> Withdrawal {
        guard case .withdrawal(let withdrawal) = try share(.withdrawAll(before: before)) else {
            throw Self.unexpected(nil, for: "withdrawAll")
        }
        return withdrawal
    }

    /// A sharing call; a checkpoint it passed inside itself reloaded the state (a caller that must
    /// know whether the app still runs looks at the state).
    private mutating func share(_ call: SharingCall<App.Checkpoint>) throws -> SharingAnswer {
        switch try perform(.sharing(call)) {
        case .sharing(let answer, let reloaded):
            if let reloaded { _ = App.resume(&state, reloaded: reloaded) }
            return answer
        case let other: throw Self.unexpected(other, for: "sharing")
        }
    }

    /// `try? body()` for a behaviour: a failure gives nil, but a replay that ran out of answers still
    /// stops where it must (code after a swallowed stop would run on answers it never got).
    public mutating func attempt<T>(_ body: (inout Self) throws -> T) throws -> T? {
        do {
            return try body(&self)
        } catch let stop as Suspension {
            throw stop
        } catch {
            return nil
        }
    }

    // MARK: Pure work worth remembering

    /// `compute(key)`, remembered for the life of the action across replays: for pure derivations
    /// that are expensive (a mnemonic's key, a recovery file's Argon2id).
    public func remembered<Value: Sendable>(_ key: String, _ compute: () throws -> Value) rethrows -> Value {
        try memo.value(key, compute)
    }

    public static func unexpected(_ answer: Answer<App>?, for effect: String) -> UnexpectedAnswer {
        UnexpectedAnswer(
            description: "a \(effect) effect was answered with \(answer.map { "\($0)" } ?? "another kind of answer")")
    }
}

/// A test (or a broken runtime) answered an effect with an answer of another kind.
public struct UnexpectedAnswer: Error, CustomStringConvertible, Equatable {
    public var description: String
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
