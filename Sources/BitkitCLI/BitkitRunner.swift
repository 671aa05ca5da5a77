import AppCommands
import AppSupport
import BitkitApp
import Foundation
import SimCLI

/// Runs one Bitkit action for a command and prints the screen it leaves (text, or the `Screen`
/// JSON with `--json`). Refused taps add a `notice:` line on stderr; the exit status stays 0.
enum BitkitRunner {
    /// Bitkit for this invocation (exit 3 when the world or the install is missing).
    static func app(_ invocation: Invocation) throws -> BitkitApp {
        try app(of: AppSession.start(.bitkit, invocation))
    }

    /// Bitkit in `session`'s world.
    static func app(of session: AppSession) -> BitkitApp {
        BitkitApp(
            environment: session.environment, install: session.install, os: session.os, keychain: session.keychain,
            backend: SimulatedBitkitBackend.factory(network: session.install.network ?? .regtest))
    }

    /// Sends `action` and prints the outcome.
    static func run(_ action: BitkitAction, _ invocation: Invocation) throws {
        let app = try app(invocation)
        let outcome: BitkitOutcome
        do {
            outcome = try app.send(action)
        } catch let error as BitkitAppError {
            throw CLIError.usage(error.description)
        } catch let error as PrivateStoreError {
            throw CLIError.failure("Bitkit's private keychain failed: \(error.description).")
        }
        try AppRunner.print(outcome, appName: Bitkit.displayName, invocation)
    }

    /// A leaf command that sends one action.
    static func command(
        _ name: String, summary: String, usage: String = "", details: String? = nil, examples: [String],
        _ parse: @escaping @Sendable (inout Arguments) throws -> BitkitAction
    ) -> Command {
        Command(name, summary: summary, usage: usage, details: details, examples: examples) { args, invocation in
            let action = try parse(&args)
            try args.finish()
            try run(action, invocation)
        }
    }
}
