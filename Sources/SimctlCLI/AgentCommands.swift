import AgentInterface
import Foundation
import SimCLI

/// `simctl mcp` and `simctl ui …`: the simulated phone for an AI agent (spec/10) — as a Model
/// Context Protocol server, and as the same operations on the command line. Both run the tools of
/// `AgentTools`; `--json` of a `ui` command is the tool's structured result.
enum AgentCommands {
    static let mcp: Command = Command(
        "mcp", summary: "Serve the phone to an AI agent: a Model Context Protocol server on stdin/stdout.",
        details: """
            JSON-RPC 2.0, one message per line; nothing but messages on stdout, diagnostics on stderr. The tools \
            are XcodeBuildMCP's (list_sims, launch_app_sim, stop_app_sim, snapshot_ui, tap, type_text, swipe, \
            scroll, wait_for_ui, screenshot, open_url, button) and the simulator's own (sim_setup, sim_journal, \
            sim_audit, sim_fault, sim_status); each runs the app action or simctl command it mirrors. Register it \
            with a client as {"command": "simctl", "args": ["mcp", "--world", "DIR"]}. Ends at the end of its \
            input (exit 0), or after the call in progress on SIGTERM. Exit 3 without a world. See Docs/agents.md.
            """,
        examples: [
            "W=$(mktemp -d)/world && simctl world init --with-apps --world \"$W\"",
            #"printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"sh","version":"1"}}}' '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_sims","arguments":{}}}' | simctl mcp --world "$W""#,
        ]
    ) { args, invocation in
        try args.finish()
        try invocation.world.requireExists()
        let tools = AgentTools(world: invocation.world, simctl: SimctlCLI.tool, durable: invocation.run.durable)
        let code = MCPServer.serveStandardIO(tools: tools)
        if code != 0 { throw ExitStatus(code: code) }
    }

    static let ui: Command = Command(
        "ui", summary: "The agent's tools as commands: snapshot, tap, type, wait, screenshot, swipe.",
        details: """
            The same operations as `simctl mcp`'s tools (snapshot_ui, tap, type_text, wait_for_ui, screenshot, \
            swipe) for agents that drive a shell; --json prints the tool's structured result. --app BUNDLE \
            (to.bitkit, or the package on Android, or app.pubkyring) names the app; default: the one in front. A \
            tool failure prints `error: MESSAGE` and exits 2 (nothing to tap, a refused tap), 1 (a wait that timed \
            out) or 3 (no world, an app not installed).
            """,
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim settings dev paykit-ui on",
            "simctl ui snapshot",
            "simctl ui tap --id ProfileButton",
            "simctl ui wait --id ProfileIntro-button --predicate exists --json",
            "simctl ui screenshot --out shot.png",
        ],
        subcommands: [snapshot, tap, type, wait, screenshot, swipe])

    static let snapshot: Command = Command(
        "snapshot", summary: "Print the app's screen as elements with refs, ids and frames, then its targets.",
        usage: "[--app BUNDLE] [--since HASH]",
        details: "As snapshot_ui: with --since an unchanged screen's hash, only {screenHash, unchanged}.",
        examples: [
            "bitkit-sim launch", "simctl ui snapshot", "simctl ui snapshot --app to.bitkit --json",
        ]
    ) { args, invocation in
        try run(
            "snapshot_ui", args: &args, invocation, options: [("--app", "bundleId"), ("--since", "sinceScreenHash")])
    }

    static let tap: Command = Command(
        "tap", summary: "Tap an element by id, label, ref or point, as the app's element does; print the new screen.",
        usage: "--id ID | --label TEXT | --ref eN | --x X --y Y [--app BUNDLE]",
        details: """
            As tap: --id is the element's id (Android worlds: its resourceId); --ref a ref of the current screen's \
            snapshot; --x --y a point on the 390×844 point screen. A field takes the focus for `ui type`.
            """,
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "simctl ui tap --id SimSettings", "simctl ui tap --label Back",
            "simctl ui tap --id NoSuchButton   # exit 2: not on this screen",
        ]
    ) { args, invocation in
        try run(
            "tap", args: &args, invocation,
            options: [("--id", "id"), ("--label", "label"), ("--ref", "elementRef"), ("--app", "bundleId")],
            numbers: [("--x", "x"), ("--y", "y")])
    }

    static let type: Command = Command(
        "type", summary: "Type TEXT into a field (by --id), replacing what it held; print the new screen.",
        usage: "TEXT --id ID [--app BUNDLE]",
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "bitkit-sim settings dev paykit-ui on", "bitkit-sim create-profile",
            "simctl ui type Satoshi --id CreateProfileUsername",
        ]
    ) { args, invocation in
        let text = try args.positional("TEXT")
        try run(
            "type_text", args: &args, invocation, options: [("--id", "id"), ("--app", "bundleId")],
            extra: ["text": .string(text)])
    }

    static let wait: Command = Command(
        "wait", summary: "Advance the simulated clock 1 s at a time until a predicate holds (default at most 30 s).",
        usage: "(--id ID | --text TEXT) --predicate exists|gone|enabled|textContains [--timeout S] [--app BUNDLE]",
        details: "As wait_for_ui; not satisfied within --timeout simulated seconds: exit 1 with what the screen shows.",
        examples: [
            "bitkit-sim wallet restore --mnemonic \"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about\"",
            "simctl ui wait --id Scan --predicate enabled",
            "simctl ui wait --text Bitkit --predicate textContains --timeout 5",
        ]
    ) { args, invocation in
        try run(
            "wait_for_ui", args: &args, invocation,
            options: [("--id", "id"), ("--text", "text"), ("--predicate", "predicate"), ("--app", "bundleId")],
            integers: [("--timeout", "timeoutSeconds")])
    }

    static let screenshot: Command = Command(
        "screenshot", summary: "Write a PNG of the phone showing the app's screen (780×1688 pixels).",
        usage: "--out FILE [--app BUNDLE]",
        details: "As screenshot; with --json prints {file, bytes, width, height}.",
        examples: ["bitkit-sim launch", "simctl ui screenshot --out home.png"]
    ) { args, invocation in
        guard let out = try args.option("--out") else {
            throw CLIError.usage("Give --out FILE: where to write the PNG.")
        }
        let outcome = try outcome("screenshot", args: &args, invocation, options: [("--app", "bundleId")])
        guard let png = outcome.png else { throw CLIError.failure("The screenshot made no picture.") }
        do {
            try png.write(to: URL(fileURLWithPath: out))
        } catch {
            throw CLIError.usage("Cannot write \(out): \(error.localizedDescription)")
        }
        struct Written: Encodable {
            var file: String
            var bytes: Int
            var width = 780
            var height = 1688
        }
        try invocation.emit(Written(file: out, bytes: png.count), text: "\(out): \(outcome.text)")
    }

    static let swipe: Command = Command(
        "swipe",
        summary: "Swipe (changes nothing: every element of a simulated screen is reachable); print the screen.",
        usage: "--direction up|down|left|right [--id ID] [--app BUNDLE]",
        examples: ["bitkit-sim launch", "simctl ui swipe --direction up"]
    ) { args, invocation in
        try run(
            "swipe", args: &args, invocation,
            options: [("--direction", "direction"), ("--id", "id"), ("--app", "bundleId")])
    }

    /// Runs the tool `name` with arguments read from the options, and prints its outcome.
    private static func run(
        _ name: String, args: inout Arguments, _ invocation: Invocation, options: [(String, String)],
        numbers: [(String, String)] = [], integers: [(String, String)] = [], extra: [String: JSONValue] = [:]
    ) throws {
        let outcome = try outcome(
            name, args: &args, invocation, options: options, numbers: numbers, integers: integers, extra: extra)
        if invocation.json, let structured = outcome.structured {
            Output.write(structured.pretty() + "\n")
        } else {
            Output.write(outcome.text + "\n")
        }
    }

    private static func outcome(
        _ name: String, args: inout Arguments, _ invocation: Invocation, options: [(String, String)],
        numbers: [(String, String)] = [], integers: [(String, String)] = [], extra: [String: JSONValue] = [:]
    ) throws -> ToolOutcome {
        var values = extra
        for (option, key) in options {
            if let value = try args.option(option) { values[key] = .string(value) }
        }
        for (option, key) in numbers {
            if let value = try args.option(option, expecting: "a number") { Double($0) } {
                values[key] = .double(value)
            }
        }
        for (option, key) in integers {
            if let value = try args.option(option, expecting: "a whole number of seconds") { Int($0) } {
                values[key] = .int(value)
            }
        }
        try args.finish()
        try invocation.world.requireExists()
        guard let tool = ToolCatalogue.tool(name) else { throw CLIError.failure("No tool \(name).") }
        let tools = AgentTools(world: invocation.world, simctl: SimctlCLI.tool, durable: invocation.run.durable)
        defer { tools.close() }
        let outcome: ToolOutcome
        do throws(ToolArguments.Invalid) {
            outcome = try tools.call(try ToolArguments(tool, values))
        } catch {
            throw CLIError.usage(Self.optionWords(error.description))
        }
        if outcome.isError {
            let report = ErrorReport(message: outcome.text, exitCode: outcome.code)
            Output.error(report.text)
            if invocation.json { Output.write(report.json + "\n") }
            throw ExitStatus(code: outcome.code)
        }
        return outcome
    }

    /// A tool's argument message in the command's words (`elementRef` → `--ref`).
    private static func optionWords(_ message: String) -> String {
        message.replacingOccurrences(of: "elementRef", with: "--ref").replacingOccurrences(
            of: "bundleId", with: "--app")
    }
}
