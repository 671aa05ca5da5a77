import Device
import Keychain

/// An app process's handle on the world for one command: the environment, its install and its
/// keychain. Fails with exit 3 when the world is missing or the app is not installed.
public struct AppSession: Sendable {
    public let environment: AppEnvironment
    public let install: InstalledApp
    public let keychain: Keychain

    public init(_ app: AppKind, _ invocation: Invocation) throws {
        environment = AppEnvironment(world: invocation.world, app: app, run: invocation.run)
        install = try environment.installed()
        // Under the crash campaign (`simctl crash`) the environment makes every keychain call a crash
        // point (`RunContext.crash`).
        keychain = environment.keychain(install: install)
    }
}
