import ContractNames
import RingApp
import SimCLI

/// `state` and `checkpoints`: inspection, no action.
enum StateCommands {
    static let all = [state, checkpoints]

    static let state = Command(
        "state",
        summary: "Print Ring's whole state (store, memory, offers, private item names, last toasts); acts on nothing.",
        examples: ["ring-sim state", "ring-sim state --json"]
    ) { args, invocation in
        try args.finish()
        _ = try AppSession(.ring, invocation)
        let snapshot = try RingSnapshot.read(world: invocation.world)
        try invocation.emit(snapshot, text: snapshot.text)
    }

    struct Named: Encodable {
        var name: String
        var summary: String
    }

    struct CheckpointsOutput: Encodable {
        var checkpoints: [Named]
        var sdkFaults: [Named]
    }

    static let checkpoints = Command(
        "checkpoints",
        summary: "List the named points where Ring awaits (for `simctl break ring …`) and its SDK fault names.",
        examples: ["ring-sim checkpoints --json"]
    ) { args, invocation in
        try args.finish()
        let output = CheckpointsOutput(
            checkpoints: RingCheckpoint.allCases.map { Named(name: $0.rawValue, summary: $0.sentence) },
            sdkFaults: RingSDKFault.allCases.map { Named(name: $0.rawValue, summary: $0.summary) })
        let text =
            output.checkpoints.map { "\($0.name)\n    \($0.summary)" }
            + ["", "SDK faults (simctl fault sdk --app ring NAME):"]
            + output.sdkFaults.map { "\($0.name)\n    \($0.summary)" }
        try invocation.emit(output, text: text.joined(separator: "\n"))
    }
}
