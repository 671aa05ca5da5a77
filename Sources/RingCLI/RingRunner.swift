import AppCommands
import AppSupport
import Foundation
import RingApp
import SimCLI

/// Runs Ring actions for a command and prints the screen Ring then shows.
enum RingRunner {
    static func app(_ invocation: Invocation) throws -> RingApp {
        let session = try AppSession.start(.ring, invocation)
        return RingApp(
            environment: session.environment, install: session.install, os: session.os, keychain: session.keychain)
    }

    /// Sends `actions` as one user step and prints the screen (text, or the `Screen` JSON). A step
    /// the screen does not offer is a usage error (exit 2); the app's own errors are toasts (exit 0).
    static func run(
        _ invocation: Invocation, _ actions: [RingAction], prelude: (RingApp) -> [String] = { _ in [] }
    )
        throws
    {
        let app = try app(invocation)
        let screen: Screen
        do {
            screen = try app.send(actions)
        } catch let error as RingAppError {
            throw CLIError.usage(error.description)
        }
        _ = screen
        try AppRunner.print(app.outcome, appName: Ring.displayName, invocation, prelude: prelude(app))
    }

    /// A homeserver option: `staging`, `production` or a z-base-32 key (default staging).
    static func homeserver(_ text: String?) throws -> String {
        guard let text else { return RingHomeservers.defaultHomeserver }
        guard let key = RingHomeservers.resolve(text) else {
            throw CLIError.usage(
                "Invalid value '\(text)' for --homeserver: expected staging, production or a z-base-32 key.")
        }
        return key
    }
}
