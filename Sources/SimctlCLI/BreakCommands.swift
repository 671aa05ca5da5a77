import ContractNames
import Device
import Foundation
import SimCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `simctl break`, `continue`, `status`, `wait-paused`: stop an app at a named checkpoint, act in the
/// other app, let it go on.
enum BreakCommands {
    struct BreakpointsOutput: Encodable {
        var breakpoints: [Breakpoint]
        var paused: [PausedProcess]
    }

    static let breakCommand = Command(
        "break", summary: "Stop the next process of APP that reaches CHECKPOINT, until `simctl continue APP`.",
        usage: "APP CHECKPOINT [--hits N | --always] [--after N] | clear [APP] | list",
        details:
            "CHECKPOINT is a named checkpoint (list them with `bitkit-sim checkpoints` or `ring-sim checkpoints`) or the scheduling point before a shared access, as schedules and the journal name it: `keychain copy app.pubkyring:<z32>`, `backend homeserver GET /session`, and on Android `provider query content://<authority>/<path>` (mid-call: after the system's checks, before the provider reads its owner's store). By default a breakpoint stops one process; --hits N stops N, --always every one until cleared; --after N lets the first N hits pass.",
        examples: [
            "simctl break ring ring.setOwned.between-delete-and-add",
            "simctl break bitkit bitkit.pick.before-sign-in --hits 2",
            "simctl break ring 'keychain add app.pubkyring:tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy' --after 1",
            "simctl break clear",
        ]
    ) { args, invocation in
        let hits = try args.option("--hits", expecting: "a positive whole number") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        let skip = try args.option("--after", expecting: "a whole number") { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
        let always = args.flag("--always")
        let first = try args.positional("APP|clear|list")
        let store = DeviceStore(world: invocation.world)
        switch first {
        case "clear":
            let app = try args.optionalPositional().map(parseApp)
            try args.finish()
            let state = try store.update { state -> DeviceState in
                state.breakpoints.removeAll { app == nil || $0.app == app }
                return state
            }
            invocation.journalTool(.breakClear, detail: app?.rawValue)
            try invocation.emit(
                BreakpointsOutput(breakpoints: state.breakpoints, paused: state.paused),
                text: "Cleared breakpoints\(app.map { " of \($0.rawValue)" } ?? "").")
        case "list":
            try args.finish()
            let state = try pruneDead(store)
            try invocation.emit(
                BreakpointsOutput(breakpoints: state.breakpoints, paused: state.paused), text: describe(state))
        default:
            let app = try parseApp(first)
            let checkpoint = try args.positional("CHECKPOINT")
            try args.finish()
            // A misspelled name would arm a breakpoint no process ever reaches: a name is a checkpoint
            // of the app or a shared-access scheduling point (`keychain …`, `backend …`).
            let known =
                app == .bitkit
                ? BitkitCheckpoint.allCases.map(\.rawValue) : RingCheckpoint.allCases.map(\.rawValue)
            guard
                known.contains(checkpoint) || checkpoint.hasPrefix("keychain ") || checkpoint.hasPrefix("backend ")
                    || checkpoint.hasPrefix("provider query content://")
            else {
                throw CLIError.usage(
                    "\(app.displayName) has no checkpoint '\(checkpoint)': `\(app == .bitkit ? "bitkit-sim" : "ring-sim") checkpoints` lists them (or name a scheduling point: `keychain …`, `backend …`, `provider query content://…`)."
                )
            }
            let breakpoint = Breakpoint(
                app: app, checkpoint: checkpoint, hits: always ? nil : (hits ?? 1),
                skip: skip.flatMap { $0 > 0 ? $0 : nil })
            let state = try store.update { state -> DeviceState in
                state.breakpoints.append(breakpoint)
                return state
            }
            invocation.journalTool(
                .breakpoint, detail: "\(app.rawValue) \(checkpoint)\(breakpoint.skip.map { " after \($0)" } ?? "")")
            try invocation.emit(
                BreakpointsOutput(breakpoints: state.breakpoints, paused: state.paused),
                text:
                    "Breakpoint: \(app.rawValue) at \(checkpoint) (\(breakpoint.hits.map { "\($0) hit(s)" } ?? "every hit"))."
            )
        }
    }

    static let continueCommand = Command(
        "continue", summary: "Let every process of APP that is stopped at a breakpoint go on.",
        usage: "APP",
        examples: [
            "simctl break ring ring.setOwned.between-delete-and-add",
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101 &",
            "simctl wait-paused ring ring.setOwned.between-delete-and-add --timeout 5",
            "simctl continue ring",
            "wait",
        ]
    ) { args, invocation in
        let app = try parseApp(try args.positional("APP"))
        try args.finish()
        let store = DeviceStore(world: invocation.world)
        // Journalled before the release: the resumed process's own lines always come after it.
        invocation.journalTool(.continue, detail: app.rawValue)
        // The state as the release left it: read again afterwards, it would show how far the resumed
        // process got meanwhile (a race), and two runs of one scenario would print different lines.
        let (resumed, state) = try store.update { state -> ([PausedProcess], DeviceState) in
            let resumed = state.paused.filter { $0.app == app }
            state.paused.removeAll { $0.app == app }
            return (resumed, state)
        }
        try invocation.emit(
            BreakpointsOutput(breakpoints: state.breakpoints, paused: state.paused),
            text: resumed.isEmpty
                ? "No \(app.rawValue) process was paused."
                : resumed.map { "Continued \(app.rawValue) pid \($0.pid) at \($0.checkpoint)." }.joined(separator: "\n")
        )
    }

    static let waitPaused = Command(
        "wait-paused", summary: "Wait until a process of APP is stopped (at CHECKPOINT if given); exit 1 on timeout.",
        usage: "APP [CHECKPOINT] [--timeout SECONDS]",
        examples: [
            "simctl break ring ring.setOwned.between-delete-and-add",
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101 &",
            "simctl wait-paused ring ring.setOwned.between-delete-and-add --timeout 5",
            "simctl continue ring",
            "wait",
            "simctl wait-paused ring --timeout 0.5   # exit 1: nothing pauses within half a second",
        ]
    ) { args, invocation in
        let timeout = try args.option("--timeout", expecting: "seconds") { Double($0) } ?? 10
        let app = try parseApp(try args.positional("APP"))
        let checkpoint = args.optionalPositional()
        try args.finish()
        let store = DeviceStore(world: invocation.world)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let state = try pruneDead(store)
            if let paused = state.paused.first(where: {
                $0.app == app && (checkpoint == nil || $0.checkpoint == checkpoint)
            }) {
                try invocation.emit(
                    paused, text: "\(app.rawValue) pid \(paused.pid) is paused at \(paused.checkpoint).")
                return
            }
            guard Date() < deadline else {
                throw CLIError.failure(
                    "No \(app.rawValue) process paused\(checkpoint.map { " at \($0)" } ?? "") within \(timeout) s.")
            }
            usleep(2_000)
        }
    }

    static let status = Command(
        "status", summary: "Show the device, installed apps, breakpoints and who is paused where.",
        examples: ["simctl status", "simctl status --json"]
    ) { args, invocation in
        try args.finish()
        let state = try pruneDead(DeviceStore(world: invocation.world))
        try invocation.emit(state, text: DeviceText.describe(state, world: invocation.world) + "\n" + describe(state))
    }

    static func describe(_ state: DeviceState) -> String {
        var lines = state.breakpoints.map {
            "Breakpoint: \($0.app.rawValue) at \($0.checkpoint) (\($0.hits.map { "\($0) hit(s) left" } ?? "every hit"))"
        }
        lines += state.paused.map { "Paused: \($0.app.rawValue) pid \($0.pid) at \($0.checkpoint)" }
        return lines.isEmpty ? "No breakpoints; nothing paused." : lines.joined(separator: "\n")
    }

    /// Forgets paused records of processes that no longer exist (e.g. killed with SIGKILL), even when
    /// their pid now belongs to another process (pid and start time must both match).
    static func pruneDead(_ store: DeviceStore) throws -> DeviceState {
        let state = try store.read()
        guard state.paused.contains(where: { !$0.identity.isAlive }) else { return state }
        return try store.update { state -> DeviceState in
            state.paused.removeAll { !$0.identity.isAlive }
            return state
        }
    }

    static func parseApp(_ text: String) throws -> AppKind {
        guard let app = AppKind(argument: text) else {
            throw CLIError.usage("Unknown app '\(text)': expected bitkit or ring.")
        }
        return app
    }
}
