import Foundation
import Keychain

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
    public let device: DeviceStore
    public let journal: Journal

    public init(world: World, app: AppKind) {
        self.world = world
        self.app = app
        self.device = DeviceStore(world: world)
        self.journal = Journal(world: world)
        // Under the race harness, the first app action of a process is a scheduling point.
        ProcessRun.current.scheduler?.processStarted()
    }

    /// The app's install; throws when the world is missing or the app is not installed.
    public func installed() throws -> InstalledApp {
        guard let install = try device.read().apps[app] else { throw WorldError.notInstalled(app) }
        return install
    }

    /// The device clock.
    public func now() -> Date { ((try? device.read()) ?? DeviceState()).now() }

    /// The app's view of the keychain.
    public func keychain(install: InstalledApp) -> Keychain {
        let device = self.device
        let journal = self.journal
        let app = self.app
        let owner = install.ownerPrefix
        let caller = KeychainCaller(
            bundleID: app.bundleID,
            entitlements: install.entitlements,
            // An unreadable device file must not make secrets readable: treat it as locked.
            protection: { (try? device.read().protection) ?? .locked },
            fault: { operation, group, account in
                try? device.consumeFault(app: app, operation: operation, group: group, account: account)
            },
            observer: { event in
                var entry = JournalEntry(
                    app: app.rawValue, event: "keychain", op: event.call, group: event.accessGroup,
                    service: event.service, account: event.account, status: event.status.rawValue,
                    data: event.returnedData || event.call == "add" || event.call == "update",
                    count: event.count,
                    detail: event.ignored.isEmpty ? nil : "ignored \(event.ignored.count) invalid entries")
                entry.owner = owner
                if event.call == "copy" { entry.requestedData = event.requestedData }
                let time = ((try? device.read()) ?? DeviceState()).now().timeIntervalSince1970
                _ = try? journal.append(entry, time: time)
            })
        let world = self.world
        var keychain = Keychain(caller: caller, directory: { world.groupDirectory($0) })
        // Throwaway worlds of the scenario runner and the race harness skip fsync (SIM_NO_FSYNC).
        keychain.durable = AtomicFile.durableByDefault
        return keychain
    }

    /// Records an app-level event in the journal (best effort: the journal never fails an action).
    public func record(_ entry: JournalEntry) {
        _ = try? journal.append(entry, time: now().timeIntervalSince1970)
    }

    /// Marks a named point inside a multi-step operation, where the other app can interleave. If a
    /// breakpoint matches, the process records the pause, calls `release` (the app gives up its
    /// main-actor lock, as at an `await`), blocks until `simctl continue`, then calls `reacquire`.
    /// Under the race harness (`SIM_JITTER_MS`) it sleeps a seeded random time instead.
    public func checkpoint(_ name: String, release: () -> Void = {}, reacquire: () -> Void = {}) {
        CrashPoints.pass("checkpoint \(name)")
        record(JournalEntry(app: app.rawValue, event: "checkpoint", op: name))
        if let state = try? device.read(), state.breakpoints.contains(where: { $0.app == app && $0.checkpoint == name })
        {
            pauseIfStillArmed(name, release: release, reacquire: reacquire)
        } else if let scheduler = ProcessRun.current.scheduler {
            release()
            scheduler.schedule(name)
            reacquire()
        } else if let jitter = ProcessRun.current.jitter {
            release()
            jitter.sleep()
            reacquire()
        }
    }

    private func pauseIfStillArmed(_ name: String, release: () -> Void, reacquire: () -> Void) {
        let app = self.app
        let now = now().timeIntervalSince1970
        let armed =
            (try? device.update { state -> Bool in
                guard let index = state.breakpoints.firstIndex(where: { $0.app == app && $0.checkpoint == name }) else {
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
                return true
            }) ?? false
        guard armed else { return }
        record(JournalEntry(app: app.rawValue, event: "breakpoint", op: "paused", detail: name))
        release()
        while true {
            usleep(2_000)
            // A world that disappeared cannot resume us: carry on so the process ends.
            guard let state = try? device.read() else { break }
            if !state.paused.contains(where: { $0.isCurrentProcess(app: app) }) { break }
        }
        record(JournalEntry(app: app.rawValue, event: "breakpoint", op: "resumed", detail: name))
        reacquire()
    }

    /// Whether an SDK fault named `name` is armed for this app; a counted one is used up.
    public func consumeSDKFault(_ name: String) -> Bool {
        let app = self.app
        guard let state = try? device.read(), state.sdkFaults.contains(where: { $0.app == app && $0.name == name })
        else {
            return false
        }
        return
            (try? device.update { state -> Bool in
                guard let index = state.sdkFaults.firstIndex(where: { $0.app == app && $0.name == name }) else {
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
            }) ?? false
    }

    /// The next 64-bit value of the world's random sequence: deterministic for a given seed and
    /// sequence of actions, so a scenario replays byte for byte.
    public func nextRandomSeed() -> UInt64 {
        let drawn =
            (try? device.update { state -> (UInt64, UInt64) in
                state.randomDraws += 1
                return (state.seed, state.randomDraws)
            }) ?? (0, UInt64.random(in: 0...UInt64.max))
        // SplitMix64 of (seed, draw): well-spread, cheap, stable across platforms.
        var z = drawn.0 &+ drawn.1 &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
