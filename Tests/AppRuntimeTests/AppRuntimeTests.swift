import AppRuntime
import ContractNames
import Device
import Foundation
import IdentitySharing
import Simulation
import Synchronization
import Testing
import WorldFiles

/// The live runtime on a temporary world: one action at a time, the state saved before a
/// suspension and reloaded after it, eager documents written before an effect leaves the process,
/// and journal lines in the world's journal.
@Suite struct AppRuntimeTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-\(UUID().uuidString)")
    var world: World { World(root: root) }

    init() throws {
        try World(root: root).create()
        try DeviceStore(world: world).update { $0.apps[.ring] = InstalledApp(kind: .ring) }
    }

    func environment(_ run: RunContext = .standalone) -> AppEnvironment {
        AppEnvironment(world: world, app: .ring, run: run)
    }

    @discardableResult
    func act(_ actions: [Tally.Action], run: RunContext = .standalone) throws -> Context<Tally> {
        try AppRuntime.act(
            actions, host: TallyHost(), environment: environment(run),
            sharing: NoSharing(ownSourceApp: "tally", policy: .iOS))
    }

    var sandbox: Sandbox { Sandbox(world: world, app: .ring) }

    @Test func anActionSavesWhatItChangedAndJournalsItsLines() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let context = try act([.increment])
        #expect(context.state.count == 1)
        #expect(try sandbox.load(Int.self, "count") == 1)
        #expect(try sandbox.load(Tally.Memory.self, "memory")?.launchID == context.state.memory?.launchID)
        #expect(try Journal(world: world).read().entries.map(\.kind) == [.lifecycle(.launch)])
    }

    /// Link aliases are an effect the app decides; the OS applies them once the action has ended
    /// and its state is saved (never halfway through).
    @Test func linkAliasesReachTheOSOnceTheActionHasSavedItsState() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let host = TallyHost()
        _ = try AppRuntime.act(
            [.increment, .aliases(["alias"])], host: host, environment: environment(),
            sharing: NoSharing(ownSourceApp: "tally", policy: .iOS))
        let calls = host.applied.calls.withLock { $0 }
        #expect(calls.map(\.aliases) == [["alias"]])
        #expect(calls.first?.savedCount == 1)
    }

    @Test func launchIDsAreSeededAndLeaveTheRandomSequenceAlone() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try act([.launch]).state.memory?.launchID
        let second = try act([.relaunch]).state.memory?.launchID
        #expect(first != nil && first != second)
        #expect(try DeviceStore(world: world).read().randomDraws == 0)
    }

    /// The explorer meets equal states through different interleavings only if nothing in them
    /// depends on the order: a launch's id counts this app's launches, not the world's runs.
    @Test func aLaunchIDDoesNotDependOnWhatTheOtherAppDidFirst() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: other) }
        let second = World(root: other)
        try second.create()
        try DeviceStore(world: second).update { $0.apps[.ring] = InstalledApp(kind: .ring) }
        // In the second world another app's run takes the first simulated pid.
        AppEnvironment(world: second, app: .bitkit, run: .standalone).record(
            JournalEntry(app: "bitkit", kind: .lifecycle(.launch)))
        let here = try act([.launch]).state.memory?.launchID
        let there = try AppRuntime.act(
            [Tally.Action.launch], host: TallyHost(),
            environment: AppEnvironment(world: second, app: .ring, run: .standalone),
            sharing: NoSharing(ownSourceApp: "tally", policy: .iOS)
        ).state.memory?.launchID
        #expect(here != nil && here == there)
    }

    @Test func theStateIsSavedBeforeACheckpointAndReloadedAfterIt() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try act([.launch])
        try DeviceStore(world: world).update {
            $0.breakpoints.append(
                Breakpoint(app: .ring, checkpoint: Tally.Checkpoint.beforeIncrement.rawValue, hits: nil))
        }
        let paused = DispatchSemaphore(value: 0)
        let outcome = Mutex<Int?>(nil)
        let world = self.world
        let thread = Thread { [self] in
            outcome.withLock { $0 = try? act([.awaitThenIncrement]).state.count }
            paused.signal()
        }
        thread.start()
        // While the action waits at its breakpoint, its memory is on disk and the main actor is free.
        var waited = 0
        while (try? DeviceStore(world: world).read().paused.isEmpty) != false, waited < 2_000 {
            usleep(1_000)
            waited += 1
        }
        #expect(try sandbox.load(Tally.Memory.self, "memory")?.log == ["waiting"])
        try act([.increment])
        try DeviceStore(world: world).update { $0.paused = [] }
        paused.wait()
        #expect(outcome.withLock { $0 } == 2)
        #expect(try sandbox.load(Int.self, "count") == 2)
    }

    @Test func anAnsweredEffectFindsTheEagerDocumentsAlreadyWritten() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try act([.launch])
        final class Probe: EffectPerformer {
            typealias App = Tally
            let sandbox: Sandbox
            var seen: [Int?] = []
            init(sandbox: Sandbox) { self.sandbox = sandbox }
            func perform(_ effect: Effect<Tally>, state: Tally.State) -> Answer<Tally>? {
                seen.append(try? sandbox.load(Int.self, "count"))
                return effect == .sdkFault(.echo) ? .fault(true) : nil
            }
        }
        // A context with a performer of its own shows what the runtime's interface asks of it.
        let probe = Probe(sandbox: sandbox)
        var context = Context<Tally>(state: Tally.State(count: 5, memory: Tally.Memory(launchID: 1)), performer: probe)
        try Tally.act([.echo(1)], &context)
        #expect(context.steps.map(\.effect) == [.sdkFault(.echo)])
        #expect(context.state.memory?.log == ["no echo"])
    }

    @Test func twoActionsOfOneAppNeverRunAtOnce() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try act([.launch])
        let world = self.world
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    _ = try? AppRuntime.act(
                        [Tally.Action.increment], host: TallyHost(),
                        environment: AppEnvironment(world: world, app: .ring, run: .standalone),
                        sharing: NoSharing(ownSourceApp: "tally", policy: .iOS))
                }
            }
        }
        // Four read-modify-writes of the count, none lost: each held the main actor throughout.
        #expect(try sandbox.load(Int.self, "count") == 4)
    }
}
