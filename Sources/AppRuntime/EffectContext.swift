import ContractNames
import Foundation
import IdentitySharing

/// What a behaviour runs against: the app's `Context`, or a feature's `FeatureContext` inside it.
/// Every call outside the state is an `Effect` asked for here, and every helper below is written
/// once for both.
public protocol EffectContext<App> {
    associatedtype App: AppBehaviour

    /// Asks for `effect` and returns its answer, checked against the effect (a mismatch throws
    /// `AnswerMismatch`, which no `attempt` swallows).
    mutating func perform(_ effect: Effect<App>) throws -> Answer<App>
    /// Asks for an effect that has no answer (a journal line, a clock sleep, link aliases).
    mutating func emit(_ effect: Effect<App>)
    /// Takes what the sandbox held after a suspension into the app's state; false when the app
    /// stopped running meanwhile (killed or relaunched).
    mutating func resume(_ reloaded: App.Stored) -> Bool
    /// Notices the tool prints besides the screen.
    var notices: [String] { get }
    mutating func notice(_ text: String)
    /// Whether the app still runs (it may have stopped while the action waited).
    var isRunning: Bool { get }
    /// `compute(key)`, remembered for the life of the action across replays.
    func remembered<Value: Sendable>(_ key: String, _ compute: () throws -> Value) rethrows -> Value

    /// The app's whole state and context. For the app that composes features (what it offers them
    /// in its own extensions), never for a feature's own code: a feature sees its state only.
    var appState: App.State { get }
    mutating func withApp<T>(_ body: (inout Context<App>) throws -> T) rethrows -> T
}

extension EffectContext {
    public mutating func record(_ line: JournalLine) { emit(.journal(line)) }

    /// An `await` of the real app; throws `AppTerminated` when the app stopped running meanwhile.
    public mutating func suspend(_ checkpoint: App.Checkpoint) throws {
        guard try pause(checkpoint) else { throw AppTerminated() }
    }

    /// An `await` whose caller goes on even when the app stopped running meanwhile (it checks the
    /// state itself); returns whether it still runs.
    @discardableResult
    public mutating func pause(_ checkpoint: App.Checkpoint) throws -> Bool {
        switch try perform(.checkpoint(checkpoint)) {
        case .resumed(let reloaded): return resume(reloaded)
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
            if let reloaded { _ = resume(reloaded) }
            return answer
        case let other: throw Self.unexpected(other, for: "sharing")
        }
    }

    /// `try? body()` for a behaviour: a failure gives nil, but a replay that ran out of answers still
    /// stops where it must (code after a swallowed stop would run on answers it never got), and an
    /// answer that does not fit its effect still fails the action.
    public mutating func attempt<T>(_ body: (inout Self) throws -> T) throws -> T? {
        do {
            return try body(&self)
        } catch let stop as Suspension {
            throw stop
        } catch let mismatch as AnswerMismatch {
            throw mismatch
        } catch {
            return nil
        }
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

/// An answer given to an effect it does not answer (a checkpoint answered with a clock, a private
/// store's load with a sign-in's session): the action fails, loudly — the kernel never goes on with
/// an answer it cannot trust.
public struct AnswerMismatch: Error, CustomStringConvertible, Equatable {
    public var description: String

    public init<App: AppBehaviour>(_ answer: Answer<App>, to effect: Effect<App>) {
        description = "the answer \(answer) does not answer the effect \(effect)"
    }

    /// An effect that needs an answer got none.
    public init<App: AppBehaviour>(to effect: Effect<App>) {
        description = "the effect \(effect) got no answer"
    }
}
