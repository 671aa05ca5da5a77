import Backend
import Device
import PubkyCrypto

extension AppEnvironment {
    /// A client of the world's outside world for this process: the world's database, the app's
    /// connectivity (unless `online` overrides it), the device clock, the world's random sequence,
    /// and one journal line per simulated request, recorded as `journalApp`.
    public func backendClient(clientID: String? = nil, journalApp: String? = nil, online: Bool? = nil) -> BackendClient
    {
        let environment = self
        let journalName = journalApp ?? app.rawValue
        let isOnline = online ?? ((try? device.read()) ?? DeviceState()).isOnline(app)
        return BackendClient(
            databasePath: world.backendDatabase.path, app: clientID ?? app.bundleID, online: isOnline,
            now: { environment.now() }, random: SeededRandom(seed: environment.nextRandomSeed()),
            observer: { event in
                CrashPoints.pass("backend \(event.service.rawValue) \(event.operation)")
                environment.record(
                    JournalEntry(
                        app: journalName, event: "backend", op: "\(event.service.rawValue) \(event.operation)",
                        account: event.subject, status: event.status.map { Int32(clamping: $0) },
                        detail: event.outcome.rawValue))
            })
    }
}
