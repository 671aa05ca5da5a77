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
        details:
            "As a person's kill ends the app's running process, a Bitkit process stopped at a breakpoint is killed too (SIGKILL): what it saved before the checkpoint stays, the rest of its action never runs, its pause record goes, the journal says `breakpoint killed` with the checkpoint, and a notice names it. `relaunch` kills the same way.",
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "simctl break bitkit bitkit.launch.before-restore",
            "bitkit-sim relaunch &    # its cold start stops at the checkpoint",
            "simctl wait-paused bitkit",
            "bitkit-sim kill          # the stopped relaunch is killed too",
            "wait",
        ]
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
