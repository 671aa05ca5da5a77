import ContractNames
import Device
import Keychain
import Platforms
import WorldFiles

/// An app process's handle on the world for one command: the environment, its install, the
/// device's OS (chosen here, once, from the world's platform) and its keychain. Fails with exit 3
/// when the world is missing or the app is not installed.
public struct AppSession: Sendable {
    public let environment: AppEnvironment
    public let install: InstalledApp
    public let os: any PhoneOS
    public let keychain: Keychain

    /// The app's command begins: under the race harness or the explorer that is the run's first
    /// scheduling point (once per run), before anything of the world is read.
    public static func start(_ app: AppKind, _ invocation: Invocation) throws -> AppSession {
        invocation.run.started(.start(app: app))
        return try AppSession(app, invocation)
    }

    private init(_ app: AppKind, _ invocation: Invocation) throws {
        environment = AppEnvironment(
            world: invocation.world, app: app, run: invocation.run, package: invocation.package)
        let state = try environment.device.read()
        do {
            install = try state.install(of: app, package: invocation.package)
        } catch WorldError.ambiguousPackage(let packages) {
            // Not a broken world: the step did not say which Bitkit it means.
            throw CLIError.usage(WorldError.ambiguousPackage(packages).description)
        }
        os = PlatformOS.of(state)
        // Under the crash campaign (`simctl crash`) the environment makes every keychain call a crash
        // point (`RunContext.crash`).
        keychain = os.keychain(for: install, in: environment)
    }
}
