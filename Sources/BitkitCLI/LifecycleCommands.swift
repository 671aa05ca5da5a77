import BitkitApp
import SimCLI

/// `launch`, `relaunch`, `kill`, `foreground`, `background`: the app's lifecycle (spec/02 §8-9).
enum LifecycleCommands {
    static let all = [launch, relaunch, kill, foreground, background]

    static let launch = BitkitRunner.command(
        "launch", summary: "Cold-start Bitkit: orphan check, session restore, own-record publish, source check.",
        details:
            "A running app is only brought to the foreground (its become-active path when it was in the background).",
        examples: ["bitkit-sim launch --json"]
    ) { _ in .launch }

    static let relaunch = BitkitRunner.command(
        "relaunch", summary: "Kill Bitkit, then cold-start it.", examples: ["bitkit-sim relaunch"]
    ) { _ in .relaunch }

    static let kill = BitkitRunner.command(
        "kill", summary: "Terminate Bitkit: its memory (navigation, flags) goes, persistent stores stay.",
        examples: ["bitkit-sim kill"]
    ) { _ in .kill }

    static let foreground = BitkitRunner.command(
        "foreground", summary: "Bring Bitkit to the foreground: source check once initialised, Pubky Choice reloads.",
        details: "A Bitkit that is not running is launched (iOS cold start on tap).",
        examples: ["bitkit-sim foreground --json"]
    ) { _ in .foreground }

    static let background = BitkitRunner.command(
        "background", summary: "Send Bitkit to the background.", examples: ["bitkit-sim background"]
    ) { _ in .background }
}
