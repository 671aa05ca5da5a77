import AppRuntime
import AppSupport
import SimCLI

/// Prints what one app command produced, the same way for both apps: notices of refused taps as
/// `notice:` lines on stderr (the exit status stays 0), the simulator's notes, the screen (text, or
/// the `Screen` JSON with `--json`), then the x-callback URLs the step opened.
public enum AppRunner {
    struct NotRunning: Encodable {
        var app: String
        var running = false
    }

    /// Prints `outcome` of the app `appName` (`Bitkit`, `Pubky Ring`); `prelude` lines come first.
    public static func print(
        _ outcome: AppOutcome, appName: String, _ invocation: Invocation, prelude: [String] = []
    )
        throws
    {
        for notice in outcome.notices { Output.error("notice: \(notice)\n") }
        if invocation.json {
            for note in outcome.notes { Output.error("note: \(note)\n") }
        }
        guard let screen = outcome.screen else {
            let app = invocation.path.first.map { $0.hasSuffix("-sim") ? String($0.dropLast(4)) : $0 } ?? ""
            try invocation.emit(NotRunning(app: app), text: "\(appName) is not running.")
            return
        }
        try invocation.emit(
            screen,
            text: (prelude + outcome.notes.map { "note: \($0)" } + [ScreenRenderer.text(screen, appName: appName)]
                + outcome.opened.map { "Opened: \($0)" }).joined(separator: "\n"))
    }
}
