import AppSupport
import BitkitApp
import Device
import Foundation
import SimCLI

/// Runs one Bitkit action for a command and prints the screen it leaves (text, or the `Screen`
/// JSON with `--json`). Refused taps add a `notice:` line on stderr; the exit status stays 0.
enum BitkitRunner {
    /// Bitkit for this invocation (exit 3 when the world or the install is missing).
    static func app(_ invocation: Invocation) throws -> BitkitApp {
        let session = try AppSession(.bitkit, invocation)
        let network = session.install.network ?? .regtest
        return BitkitApp(
            environment: session.environment, install: session.install, keychain: session.keychain,
            backend: SimulatedBitkitBackend.factory(network: network))
    }

    struct NotRunning: Encodable {
        var app = "bitkit"
        var running = false
    }

    /// Sends `action` and prints the outcome.
    static func run(_ action: BitkitAction, _ invocation: Invocation) throws {
        let app = try app(invocation)
        let outcome: BitkitOutcome
        do {
            outcome = try app.send(action)
        } catch let error as BitkitAppError {
            throw CLIError.usage(error.description)
        } catch let error as PrivateKeychainError {
            throw CLIError.failure("Bitkit's private keychain failed: \(error.description).")
        }
        print(outcome, invocation)
    }

    static func print(_ outcome: BitkitOutcome, _ invocation: Invocation) {
        for notice in outcome.notices { Output.error("notice: \(notice)\n") }
        if let screen = outcome.screen {
            try? invocation.emit(screen, text: ScreenRenderer.text(screen, appName: "Bitkit"))
        } else {
            try? invocation.emit(NotRunning(), text: "Bitkit is not running.")
        }
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
