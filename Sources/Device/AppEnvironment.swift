import ContractNames
import Foundation
import Keychain
import SafeFiles
import Simulation
import WorldFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one app process sees of the world: its install, its keychain (with entitlements, the live
/// device lock and fault rules applied), the journal and the device clock. Everything is read
/// lazily so an action pays only for what it touches.
public struct AppEnvironment: Sendable {
    public let world: World
    public let app: AppKind
    /// The run this app acts in (run number, scheduling, jitter).
    public let run: RunContext
    public let device: DeviceStore
    public let journal: Journal
    public let clock: DeviceClock
    /// Android: the Bitkit package this process acts as when several are installed (`--package`);
    /// nil for the app's only install.
    public let package: String?

    public init(world: World, app: AppKind, run: RunContext, package: String? = nil) {
        self.world = world
        self.app = app
        self.run = run
        self.package = package
        self.device = DeviceStore(world: world)
        self.journal = Journal(world: world, process: run.process)
        self.clock = DeviceClock(world: world)
    }

    /// Whether the device gives this app a network connection now. An unreadable device file fails
    /// the run once it ends (`WorldFailures`) and means offline meanwhile: an action must not reach
    /// the network on a guess.
    public var isOnline: Bool {
        run.failures.recording(world.deviceFile.path) { try device.read().isOnline(app) } ?? false
    }

    /// A scheduling point before a keychain call or a network request: a breakpoint armed at its
    /// name pauses here (as at a checkpoint, but holding the main actor: the call is synchronous),
    /// and a race or an exploration schedules it. Outside those, with no such breakpoint, it costs a
    /// lookup: the point is not even named.
    public func pass(_ point: @autoclosure () -> SchedulingPoint) {
        let app = self.app
        let armed = run.accessBreakpoints.armed {
            let state = run.failures.recording(world.deviceFile.path) { try device.read() }
            return Set(state?.breakpoints.filter { $0.app == app }.map(\.checkpoint) ?? [])
        }
        let scheduled = run.scheduler?.accessPoints ?? false
        guard scheduled || !armed.isEmpty else { return }
        let point = point()
        if armed.contains(point.name) {
            record(JournalEntry(app: app.rawValue, kind: .checkpoint(point.name)))
            pauseIfStillArmed(point.name, release: {}, reacquire: {})
        }
        if scheduled { schedule(point) }
    }

    /// Waits at a scheduling point of a race or an exploration (nothing otherwise), and journals the
    /// point once this lane goes on: a schedule, the journal and a replay all name it the same way.
    public func schedule(_ point: SchedulingPoint) {
        guard let scheduler = run.scheduler else { return }
        scheduler.schedule(point)
        record(
            JournalEntry(app: app.rawValue, kind: .schedule(point: point.name), detail: "lane \(scheduler.laneName)"))
    }

    /// The app's install; throws when the world is missing or the app is not installed.
    public func installed() throws -> InstalledApp {
        try device.read().install(of: app, package: package)
    }

    /// The app's container (a co-installed Bitkit flavour's own, on Android).
    public var sandbox: Sandbox { Sandbox(world: world, app: app, package: package) }

    /// The device clock.
    public func now() throws(WorldError) -> Date { try clock.now() }

    /// The app's view of the keychain, with the access groups its platform grants `install`
    /// (`entitlements`) and the platform's lock rule: where the lock gates reads (iOS data
    /// protection) items follow the device's lock state; where it does not (Android's keystore
    /// keys need no unlocked device, spec/07 §9) they are always unlocked. The device's OS
    /// (`PhoneOS.keychain(for:in:)`) passes both.
    /// `schedules: false` for a store read on behalf of another app (an Android provider's body run
    /// for a caller): that call's own scheduling point stands for it.
    public func keychain(
        install: InstalledApp, entitlements: [String], lockGatesReads: Bool, schedules: Bool = true
    ) -> Keychain {
        let device = self.device
        let app = self.app
        let owner = install.ownerPrefix
        var caller = KeychainCaller(
            bundleID: app.bundleID,
            entitlements: entitlements,
            // An unreadable device file must not make secrets readable: treat it as locked.
            protection: { [self] in
                guard lockGatesReads else { return .unlocked }
                return run.failures.recording(world.deviceFile.path) { try device.read().protection } ?? .locked
            },
            fault: { [self] operation, group, account in
                // Under the crash campaign (`simctl crash`) every keychain call is a crash point.
                run.crash?.pass("keychain \(operation.rawValue) \(group) \(account ?? "*")", app: app.rawValue)
                return run.failures.recording(world.deviceFile.path) {
                    try device.consumeFault(app: app, operation: operation, group: group, account: account)
                } ?? nil
            },
            observer: { [self] event in
                run.crash?.pass(
                    "keychain \(event.call.rawValue) done \(event.account ?? "*") \(event.status.rawValue)",
                    app: app.rawValue)
                var entry = JournalEntry(
                    app: app.rawValue, kind: .keychain(event.call), group: event.accessGroup,
                    service: event.service, account: event.account, status: event.status.rawValue,
                    data: event.returnedData || event.call == .add || event.call == .update,
                    count: event.count,
                    detail: event.ignored.isEmpty ? nil : "ignored \(event.ignored.count) invalid entries")
                entry.owner = owner
                if event.call == .copy { entry.requestedData = event.requestedData }
                if event.call == .delete, !event.removed.isEmpty {
                    entry.removedFrom = event.removed.map(\.accessGroup).reduce(into: []) { groups, group in
                        if !groups.contains(group) { groups.append(group) }
                    }
                }
                record(entry)
                recordSharedRemovalOutsideTheSeam(event, owner: owner)
            },
            now: { [self] in deviceTime() })
        if schedules {
            caller.before = { [self] access in
                pass(
                    .keychain(
                        call: access.call.rawValue, writes: access.writes,
                        groups: access.accessGroup.map { [$0] } ?? entitlements, allGroups: access.accessGroup == nil,
                        service: access.service, account: access.account, app: app,
                        holdsMainActor: run.mainActor.isHeld))
            }
        }
        let groups = self.world
        var keychain = Keychain(caller: caller, directory: { groups.groupDirectory($0) })
        keychain.durable = groups.durable
        return keychain
    }

    /// A delete that named no access group but removed shared records changed what the apps share
    /// without going through the sharing seam: it is journalled as a `sharing remove` of those
    /// records, so the audit's own-prefix check sees it like any other sharing write.
    private func recordSharedRemovalOutsideTheSeam(_ event: KeychainEvent, owner: String) {
        guard event.call == .delete, event.accessGroup == nil else { return }
        let shared = event.removed.filter { $0.accessGroup == SharedContract.accessGroup }.map(\.account)
        guard !shared.isEmpty else { return }
        var entry = JournalEntry(
            app: app.rawValue, kind: .sharing(.remove), account: event.account,
            detail: "a keychain delete naming no access group removed shared records")
        entry.owner = owner
        entry.peer = app == .bitkit ? AppKind.ring.rawValue : AppKind.bitkit.rawValue
        entry.result = SharingResult.done.rawValue
        entry.records = shared
        record(entry)
    }

    /// Records an event in the journal. A journal that cannot take it fails the action once it
    /// ends (`WorldFailures`): a missing line would make the run differ from its replay.
    public func record(_ entry: JournalEntry) {
        _ = run.failures.recording(world.journalFile.path) { try journal.append(entry) }
    }

    /// The device clock where an action cannot stop (inside a keychain or network call): an
    /// unreadable clock is recorded as a failure of the run, and the world's start is used meanwhile.
    public func deviceTime() -> Date {
        run.failures.recording(clock.path) { try clock.now() }
            ?? Date(timeIntervalSince1970: Double(DeviceClock.defaultStart) / 1000)
    }

    /// Moves the device clock by a network call's simulated time; failures as for `deviceTime`.
    public func spend(_ seconds: Double) {
        _ = run.failures.recording(clock.path) { try clock.spend(seconds) }
    }

    /// `nextRandomSeed` where an action cannot stop (a network client's random source); failures as
    /// for `deviceTime`.
    public func drawSeed() -> UInt64 {
        run.failures.recording(world.deviceFile.path) { try nextRandomSeed() } ?? 0
    }

    /// Marks a named point inside a multi-step operation, where the other app can interleave. If a
    /// breakpoint matches, the process records the pause, calls `release` (the app gives up its
    /// main-actor lock, as at an `await`), blocks until `simctl continue`, then calls `reacquire`.
    /// Under the race harness the run's scheduler decides who goes on, or its jitter sleeps.
    public func checkpoint<Point: AppCheckpoint>(
        _ point: Point, release: () -> Void = {}, reacquire: () -> Void = {}
    ) {
        let name = point.rawValue
        run.crash?.pass("checkpoint \(name)", app: app.rawValue)
        record(JournalEntry(app: app.rawValue, kind: .checkpoint(name)))
        if let state = run.failures.recording(world.deviceFile.path, { try device.read() }),
            state.breakpoints.contains(where: { $0.app == app && $0.checkpoint == name })
        {
            pauseIfStillArmed(name, release: release, reacquire: reacquire)
        } else if run.scheduler != nil {
            release()
            schedule(.checkpoint(name, app: app))
            reacquire()
        } else if let jitter = run.jitter {
            release()
            jitter.sleep()
            reacquire()
        }
    }

    private func pauseIfStillArmed(_ name: String, release: () -> Void, reacquire: () -> Void) {
        let app = self.app
        let now = deviceTime().timeIntervalSince1970
        defer { run.accessBreakpoints.forget() }
        let armed =
            (try? device.update { state -> Bool in
                guard let index = state.breakpoints.firstIndex(where: { $0.app == app && $0.checkpoint == name }) else {
                    return false
                }
                if let skip = state.breakpoints[index].skip, skip > 0 {
                    state.breakpoints[index].skip = skip - 1
                    return false
                }
                if let hits = state.breakpoints[index].hits {
                    if hits <= 1 {
                        state.breakpoints.remove(at: index)
                    } else {
                        state.breakpoints[index].hits = hits - 1
                    }
                }
                state.paused.append(PausedProcess.current(app: app, checkpoint: name, since: now))
                // Journalled while the pause is not yet visible: a `wait-paused` that sees it, and the
                // `continue` after it, come after this line in the journal on every run (journalled
                // after the update, a loaded machine let them in first). The journal, clock and pid
                // locks never wait for the device's, so holding it here cannot deadlock.
                record(JournalEntry(app: app.rawValue, kind: .breakpoint(.paused), detail: name))
                return true
            }) ?? false
        guard armed else { return }
        release()
        while true {
            usleep(2_000)
            // A world that disappeared cannot resume us: carry on so the process ends.
            guard let state = try? device.read() else { break }
            if !state.paused.contains(where: { $0.isCurrentProcess(app: app) }) { break }
        }
        record(JournalEntry(app: app.rawValue, kind: .breakpoint(.resumed), detail: name))
        reacquire()
    }

    /// The OS ends this app's other processes that are stopped at a breakpoint, as killing an app
    /// ends its running process: each gets SIGKILL, its pause record goes once it runs no more (so
    /// it never sees itself continued), and the journal says where it was stopped (`breakpoint
    /// killed`). Returns the checkpoints they were stopped at.
    public func terminatePausedProcesses() -> [String] {
        let app = self.app
        guard let state = run.failures.recording(world.deviceFile.path, { try device.read() }) else { return [] }
        let stopped = state.paused.filter { $0.app == app && !$0.isCurrentProcess(app: app) }
        guard !stopped.isEmpty else { return [] }
        let killed = stopped.filter { $0.identity.terminate() }
        // A record whose process still runs (it would not die in time) stays: removed, it would resume.
        let ended = stopped.filter { killed.contains($0) || !$0.identity.isAlive }
        _ = run.failures.recording(world.deviceFile.path) {
            try device.update { state in state.paused.removeAll { ended.contains($0) } }
        }
        for process in killed {
            record(JournalEntry(app: app.rawValue, kind: .breakpoint(.killed), detail: process.checkpoint))
        }
        return killed.map(\.checkpoint)
    }

    /// Whether an SDK fault named `name` is armed for this app; a counted one is used up.
    public func consumeSDKFault(_ name: String) -> Bool {
        let app = self.app
        guard let state = run.failures.recording(world.deviceFile.path, { try device.read() }),
            state.sdkFaults.contains(where: { $0.app == app && $0.name == name })
        else {
            return false
        }
        return
            (run.failures.recording(world.deviceFile.path) {
                try device.update { state -> Bool in
                    guard let index = state.sdkFaults.firstIndex(where: { $0.app == app && $0.name == name }) else {
                        return false
                    }
                    // `--after N`: the first N matching calls pass and only count down.
                    if let skip = state.sdkFaults[index].skip, skip > 0 {
                        state.sdkFaults[index].skip = skip > 1 ? skip - 1 : nil
                        return false
                    }
                    if let remaining = state.sdkFaults[index].remaining {
                        if remaining <= 1 {
                            state.sdkFaults.remove(at: index)
                        } else {
                            state.sdkFaults[index].remaining = remaining - 1
                        }
                    }
                    return true
                }
            }) ?? false
    }

    /// A new launch's id: the world's seed mixed with how many times this app has launched (a
    /// counter in its sandbox, written under its main actor), so it differs between launches, is
    /// the same in every replay of one seed whatever the other app did meanwhile, and leaves the
    /// random sequence alone.
    public func nextLaunchID() throws -> UInt64 {
        let seed = try device.read().seed
        let folder = world.sandbox(app, package: package).path
        let path = folder + "/launches"
        let launches: UInt64
        do {
            try Posix.makeDirectories(folder)
            let counter = try CounterFile(path: path)
            defer { counter.closeFile() }
            launches = (counter.read() ?? 0) + 1
            try counter.write(launches, durable: false)
        } catch {
            throw WorldError(error)
        }
        let salt: UInt64 = app == .bitkit ? 0x6269_746B_6974 : 0x7269_6E67
        return Self.splitMix(seed ^ salt, launches)
    }

    /// SplitMix64 of (seed, n): well-spread, cheap, stable across platforms.
    static func splitMix(_ seed: UInt64, _ n: UInt64) -> UInt64 {
        var z = seed &+ n &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next 64-bit value of the world's random sequence: deterministic for a given seed and
    /// sequence of actions, so a scenario replays byte for byte. A device file that cannot be
    /// updated fails the action (exit 3) rather than drawing a value no replay could repeat.
    public func nextRandomSeed() throws -> UInt64 {
        let drawn = try device.update { state -> (UInt64, UInt64) in
            state.randomDraws += 1
            return (state.seed, state.randomDraws)
        }
        return Self.splitMix(drawn.0, drawn.1)
    }
}
