import Backend
import Device
import Foundation
import PubkyCrypto
import Simulation

extension AppEnvironment {
    /// A client of the world's outside world for this process: the world's database, the app's
    /// connectivity (unless `online` overrides it), the device clock (read for every request, moved
    /// by the simulated time each call took), the world's random sequence, and one journal line per
    /// simulated request, recorded as `journalApp`; each call is a scheduling point (`pass`).
    /// A world file that fails meanwhile fails the action once it ends (`WorldFailures`).
    public func backendClient(
        clientID: String? = nil, journalApp: String? = nil, online: Bool? = nil
    ) -> BackendClient {
        let environment = self
        let journalName = journalApp ?? app.rawValue
        let isOnline =
            online ?? run.failures.recording(world.deviceFile.path) { try device.read().isOnline(app) } ?? false
        return BackendClient(
            databasePath: world.backendDatabase.path, app: clientID ?? app.bundleID, online: isOnline,
            now: { environment.deviceTime() },
            elapse: { seconds in environment.spend(seconds) },
            random: SeededRandom(seed: drawSeed()),
            observer: { event in
                environment.run.crash?.pass(
                    "backend \(event.service.rawValue) \(event.operation)", app: environment.app.rawValue)
                var entry = JournalEntry(
                    app: journalName, kind: .backend(request: "\(event.service.rawValue) \(event.operation)"),
                    account: event.subject, status: event.status.map { Int32(clamping: $0) },
                    detail: event.outcome.rawValue)
                // What the client saw in simulated time: a check can assert a give-up from these.
                if event.outcome != .offline {
                    entry.latency = BackendEvent.milliseconds(event.latency)
                    entry.timeout = event.timeout.flatMap(BackendEvent.milliseconds)
                }
                environment.record(entry)
            },
            beforeRequest: { service, operation, subject in
                environment.pass(
                    .backend(
                        service: service.rawValue, operation: operation, subject: subject, app: environment.app,
                        holdsMainActor: environment.run.mainActor.isHeld))
            })
    }
}
