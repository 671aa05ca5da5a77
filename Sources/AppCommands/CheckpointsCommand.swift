import AppRuntime
import ContractNames
import SimCLI

/// `checkpoints`: the named points where an app awaits (`simctl break APP NAME`) and its SDK fault
/// names (`simctl fault sdk --app APP NAME`), the same for both apps.
public enum CheckpointsCommand {
    struct Named: Encodable {
        var name: String
        var summary: String
    }

    struct Output: Encodable {
        var checkpoints: [Named]
        var sdkFaults: [Named]
    }

    /// The command for `App`, with its examples.
    public static func command<App: AppBehaviour>(_ app: App.Type, tool: String, examples: [String]) -> Command {
        let short = tool.hasSuffix("-sim") ? String(tool.dropLast(4)) : tool
        return Command(
            "checkpoints",
            summary:
                "List the named points where \(App.displayName) awaits (`simctl break \(short) NAME`) and its SDK fault names.",
            examples: examples
        ) { args, invocation in
            try args.finish()
            let output = Output(
                checkpoints: App.Checkpoint.allCases.map { Named(name: $0.rawValue, summary: $0.sentence) },
                sdkFaults: App.Fault.allCases.map { Named(name: $0.rawValue, summary: $0.summary) })
            let text =
                output.checkpoints.map { "\($0.name)\n    \($0.summary)" }
                + ["", "SDK faults (simctl fault sdk --app \(short) NAME):"]
                + output.sdkFaults.map { "\($0.name)\n    \($0.summary)" }
            try invocation.emit(output, text: text.joined(separator: "\n"))
        }
    }
}
