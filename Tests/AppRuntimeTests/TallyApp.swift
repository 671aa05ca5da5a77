import AppRuntime
import ContractNames
import Device
import Foundation
import IdentitySharing
import Synchronization

/// A small app for the runtime's tests: it counts, keeps a log in memory, awaits at a checkpoint
/// and asks its one service to echo numbers.
enum Tally: AppBehaviour {
    struct Memory: Codable, Sendable, Equatable {
        var launchID: UInt64
        var inForeground = true
        var log: [String] = []
    }

    struct Stored: Sendable, Equatable {
        var count = 0
        var memory: Memory?
    }

    struct State: Sendable, Equatable {
        var count = 0
        var memory: Memory?
        var otherLaunch: Memory?
    }

    enum Action: Sendable, Equatable {
        case launch, relaunch, kill, foreground, background
        case increment
        /// Awaits at the checkpoint, then increments.
        case awaitThenIncrement
        /// Echoes through the service, ignoring a failure with `attempt`.
        case echo(Int)
        /// Draws until a draw is 0 (a behaviour that may ask forever).
        case spin
        /// Asks the OS to enable these link handlers.
        case aliases([String])
    }

    enum Request: Sendable, Equatable { case echo(Int) }
    enum Reply: Sendable, Equatable {
        case echoed(Int)
        case failed
    }

    enum Checkpoint: String, AppCheckpoint {
        case beforeIncrement = "tally.before-increment"
        var sentence: String { "Before the count goes up by one." }
    }

    enum Fault: String, SDKFaultName {
        case echo
        var summary: String { "The echo fails." }
    }

    static let displayName = "Tally"

    static func lifecycle(of action: Action) -> LifecycleTransition? {
        switch action {
        case .launch: return .launch
        case .relaunch: return .relaunch
        case .kill: return .kill
        case .foreground: return .foreground
        case .background: return .background
        default: return nil
        }
    }

    static func isRunning(_ state: State) -> Bool { state.memory != nil }
    static func isInForeground(_ state: State) -> Bool { state.memory?.inForeground ?? false }

    static func launch(_ context: inout Context<Tally>) throws {
        context.state.memory = Memory(launchID: try context.newLaunchID())
        context.record(JournalLine(.lifecycle(.launch)))
    }

    static func becomeActive(_ context: inout Context<Tally>) throws {
        context.state.memory?.inForeground = true
        context.state.memory?.log.append("active")
        context.record(JournalLine(.lifecycle(.foreground)))
    }

    static func background(_ context: inout Context<Tally>) throws {
        context.state.memory?.inForeground = false
    }

    static func kill(_ context: inout Context<Tally>) throws {
        context.state.memory = nil
        context.state.otherLaunch = nil
    }

    static func perform(_ action: Action, _ context: inout Context<Tally>) throws {
        switch action {
        case .increment:
            context.state.count += 1
        case .awaitThenIncrement:
            context.state.memory?.log.append("waiting")
            try context.suspend(.beforeIncrement)
            context.state.count += 1
        case .echo(let value):
            if let reply = try context.attempt({ try $0.echoOrThrow(value) }) {
                context.state.memory?.log.append("echoed \(reply)")
            } else {
                context.state.memory?.log.append("no echo")
            }
        case .spin:
            while try context.draw() != 0 { context.state.count += 1 }
        case .aliases(let aliases):
            context.emit(.linkAliases(aliases))
        default:
            break
        }
    }

    static func finish(after actions: [Action], _ context: inout Context<Tally>) throws {}

    static func stored(_ state: State) -> Stored {
        Stored(count: state.count, memory: state.memory ?? state.otherLaunch)
    }

    static func resume(_ state: inout State, reloaded: Stored) -> Bool {
        state.count = reloaded.count
        guard let memory = reloaded.memory, memory.launchID == state.memory?.launchID else {
            state.memory = nil
            state.otherLaunch = reloaded.memory
            return false
        }
        state.memory = memory
        return true
    }
}

struct EchoFailed: Error {}

extension Context where App == Tally {
    mutating func echoOrThrow(_ value: Int) throws -> Int {
        if try faultArmed(.echo) { throw EchoFailed() }
        guard case .echoed(let echoed) = try request(.echo(value)) else { throw EchoFailed() }
        return echoed
    }
}

/// Tally on a device: the count in `count.json` (written as soon as it changes), the memory in
/// `memory.json` (at suspensions and the end); the link aliases it asks for, with the count the
/// sandbox held when the OS got them, in `applied`.
struct TallyHost: AppHost {
    typealias App = Tally

    final class Applied: Sendable {
        let calls = Mutex<[(aliases: [String], savedCount: Int?)]>([])
    }

    var applied = Applied()

    func applyLinkAliases(_ aliases: [String], in environment: AppEnvironment) throws {
        let saved = try environment.sandbox.load(Int.self, "count")
        applied.calls.withLock { $0.append((aliases, saved)) }
    }

    func load(_ sandbox: Sandbox) throws -> Tally.Stored {
        Tally.Stored(
            count: try sandbox.load(Int.self, "count") ?? 0, memory: try sandbox.load(Tally.Memory.self, "memory"))
    }

    func state(from stored: Tally.Stored) -> Tally.State { Tally.State(count: stored.count, memory: stored.memory) }

    func save(
        _ stored: Tally.Stored, over written: Tally.Stored, eagerOnly: Bool, to sandbox: Sandbox
    ) throws
        -> Tally.Stored
    {
        var saved = written
        if stored.count != written.count {
            try sandbox.save(stored.count, "count")
            saved.count = stored.count
        }
        guard !eagerOnly else { return saved }
        if stored.memory != written.memory {
            if let memory = stored.memory { try sandbox.save(memory, "memory") } else { sandbox.remove("memory") }
            saved.memory = stored.memory
        }
        return saved
    }

    func services(_ environment: AppEnvironment) -> Echo { Echo() }

    struct Echo: RequestPerformer {
        typealias App = Tally
        func perform(_ request: Tally.Request) -> Answer<Tally> {
            switch request {
            case .echo(let value): return .reply(.echoed(value * 10))
            }
        }
    }
}
