import AppSupport
import ContractNames
import Device
import Foundation
import IdentitySharing
import Simulation
import WorldFiles

/// The one runtime both apps run on (DESIGN §3–4, §7a). One user action at a time holds the app's
/// main actor (an flock on its sandbox); the behaviour runs once, and each effect it asks for is
/// performed here: at a checkpoint the state is saved, the main actor released while a breakpoint,
/// the race scheduler or jitter may hold it, and the state reloaded; sharing calls go through the
/// platform's `IdentitySharing`, requests through the host's services, journal lines to the world's
/// journal. Before any effect leaves the process the documents the real app writes at once are
/// saved, so what another process or a crash sees is what the real app would leave.
public final class AppRuntime<Host: AppHost>: EffectPerformer {
    public typealias App = Host.App

    let environment: AppEnvironment
    let host: Host
    let sharing: any IdentitySharing
    let sandbox: Sandbox
    let lock: MainActorLock
    let services: Host.Services
    /// What the sandbox holds, as far as this action knows.
    private var written: App.Stored
    /// The link aliases the action asked for last, applied once it has ended.
    private var aliases: [String]?

    private init(
        environment: AppEnvironment, host: Host, sharing: any IdentitySharing, sandbox: Sandbox, lock: MainActorLock
    ) throws {
        self.environment = environment
        self.host = host
        self.sharing = sharing
        self.sandbox = sandbox
        self.lock = lock
        self.services = host.services(environment)
        self.written = try host.load(sandbox)
    }

    /// Runs one user action of the app on its main actor and returns the context it ended with.
    /// What the action changed is saved even when it throws (a usage error after a launch keeps
    /// the launch).
    public static func act(
        _ actions: [App.Action], host: Host, environment: AppEnvironment, sharing: any IdentitySharing
    ) throws -> Context<App> {
        // Under the race harness or the explorer, the first app action of a run is a scheduling point.
        environment.run.started(.start(app: environment.app))
        let sandbox = environment.sandbox
        return try sandbox.withMainActor(run: environment.run) { lock in
            let runtime = try AppRuntime(
                environment: environment, host: host, sharing: sharing, sandbox: sandbox, lock: lock)
            var context = Context<App>(state: host.state(from: runtime.written), performer: runtime)
            // Killing an app (a relaunch too) ends its running process, one stopped at a breakpoint
            // included: the OS's part, before the app's memory goes.
            if actions.contains(where: { [.kill, .relaunch].contains(App.lifecycle(of: $0)) }) {
                for checkpoint in environment.terminatePausedProcesses() {
                    context.notice("\(App.displayName)'s process stopped at \(checkpoint) was killed.")
                }
            }
            do {
                try App.act(actions, &context)
            } catch {
                try runtime.persist(context.state, eagerOnly: false)
                throw error
            }
            try runtime.persist(context.state, eagerOnly: false)
            if let aliases = runtime.aliases { try host.applyLinkAliases(aliases, in: environment) }
            return context
        }
    }

    /// Writes what changed since the last save.
    func persist(_ state: App.State, eagerOnly: Bool) throws {
        let stored = App.stored(state)
        guard stored != written else { return }
        written = try host.save(stored, over: written, eagerOnly: eagerOnly, to: sandbox)
    }

    public func perform(_ effect: Effect<App>, state: App.State) -> Answer<App>? {
        if effect.isAnswered {
            do {
                try persist(state, eagerOnly: true)
            } catch let error as WorldError {
                return .broken(error)
            } catch {
                return .broken(.io(path: sandbox.folder.path, reason: "\(error)"))
            }
        }
        switch effect {
        case .checkpoint(let checkpoint):
            return suspend(at: checkpoint, state: state)
        case .sharing(let call):
            return share(call, state: state)
        case .request(let request):
            return services.perform(request)
        case .draw:
            do { return .drawn(try environment.nextRandomSeed()) } catch { return .broken(Self.worldError(error)) }
        case .launchID:
            do { return .drawn(try environment.nextLaunchID()) } catch { return .broken(Self.worldError(error)) }
        case .readClock:
            do { return .clock(try environment.now()) } catch { return .broken(error) }
        case .sdkFault(let fault):
            return .fault(environment.consumeSDKFault(fault.rawValue))
        case .connectivity:
            return .online(environment.isOnline)
        case .holdProcess:
            do {
                try environment.run.process.holdLiveness(in: environment.world)
                return .process(try environment.run.process.pid(in: environment.world))
            } catch {
                return .broken(error)
            }
        case .processAlive(let pid):
            if environment.run.process.assignedPID == pid { return .alive(true) }
            return .alive(SimulatedProcess.isAlive(pid: pid, in: environment.world))
        case .sleep(let seconds):
            environment.spend(seconds)
            return nil
        case .linkAliases(let aliases):
            self.aliases = aliases
            return nil
        case .journal(let line):
            var entry = JournalEntry(
                app: environment.app.rawValue, kind: line.kind, account: line.account, detail: line.detail)
            entry.owner = line.owner
            environment.record(entry)
            return nil
        }
    }

    /// Saves the state, passes the checkpoint with the main actor released, and reloads.
    private func suspend(at checkpoint: App.Checkpoint, state: App.State) -> Answer<App> {
        do {
            try persist(state, eagerOnly: false)
            environment.checkpoint(checkpoint, release: lock.release, reacquire: lock.acquire)
            written = try host.load(sandbox)
            return .resumed(written)
        } catch {
            return .broken(Self.worldError(error))
        }
    }

    private func share(_ call: SharingCall<App.Checkpoint>, state: App.State) -> Answer<App> {
        var reloaded: App.Stored?
        var saving = App.stored(state)
        // A checkpoint inside the call is an await like any other: saved, released, reloaded.
        func pass(_ checkpoint: App.Checkpoint?) {
            guard let checkpoint else { return }
            if saving != written, let saved = try? host.save(saving, over: written, eagerOnly: false, to: sandbox) {
                written = saved
            }
            environment.checkpoint(checkpoint, release: lock.release, reacquire: lock.acquire)
            if let loaded = try? host.load(sandbox) {
                written = loaded
                saving = loaded
                reloaded = loaded
            }
        }
        let answer = call.perform(on: sharing, pass: pass)
        return .sharing(answer, reloaded: reloaded)
    }

    public static func worldError(_ error: Error) -> WorldError {
        (error as? WorldError) ?? .io(path: "", reason: "\(error)")
    }
}
