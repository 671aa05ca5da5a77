import AppCommands
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
        _ = try AppSession.start(.ring, invocation)
        let snapshot = try RingSnapshot.read(world: invocation.world)
        try invocation.emit(snapshot, text: snapshot.text)
    }

    static let checkpoints = CheckpointsCommand.command(
        Ring.self, tool: "ring-sim", examples: ["ring-sim checkpoints --json"])
}
