import Foundation
import Keychain
import Scenarios
import SimCLI
import Simulation

/// `simctl journal`: print the world's event log.
enum JournalCommands {
    struct JournalOutput: Encodable {
        var entries: [JournalEntry]
        var malformedLines: Int
    }

    static let journal = Command(
        "journal",
        summary: "Print the journal: every keychain call, backend call, toast and navigation change, in order.",
        usage: "[--app bitkit|ring|simctl] [--event KIND] [--last N] [--sequence | --canonical]",
        details: """
            --sequence renders the cross-app events as a Mermaid sequence diagram (Bitkit, shared group, Pubky Ring, backend); with --json as {"mermaid": TEXT}.
            --canonical prints one JSON line per entry without what differs between two runs of the same world, seed and schedule (pid, run, epoch time; the world's folder as <world>): two replays print the same bytes.
            """,
        examples: [
            "simctl journal", "simctl journal --app bitkit --event keychain --json", "simctl journal --last 20",
            "simctl journal --sequence > race.mmd", "simctl journal --canonical > run-1.jsonl",
        ]
    ) { args, invocation in
        let sequence = args.flag("--sequence")
        let canonical = args.flag("--canonical")
        if sequence && canonical { throw CLIError.usage("Give --sequence or --canonical, not both.") }
        let app = try args.option("--app")
        let event = try args.option("--event")
        let last = try args.option("--last", expecting: "a positive whole number") {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        try args.finish()
        try invocation.world.requireExists()
        var (entries, malformed) = try Journal(world: invocation.world).read()
        if let app { entries = entries.filter { $0.app == app } }
        if let event { entries = entries.filter { $0.event == event } }
        if let last { entries = Array(entries.suffix(last)) }
        if sequence {
            // With --json, the diagram as a string a script can write to a .mmd file.
            struct SequenceOutput: Encodable { var mermaid: String }
            let mermaid = SequenceDiagram.mermaid(entries)
            try invocation.emit(SequenceOutput(mermaid: mermaid), text: mermaid)
            return
        }
        if canonical {
            let lines = CanonicalJournal.lines(entries, world: invocation.world)
            // With --json, the same lines as one document: {"entries":[…]}.
            Output.write(
                invocation.json
                    ? "{\"entries\":[" + lines.joined(separator: ",") + "]}\n" : lines.map { $0 + "\n" }.joined())
            return
        }
        var text = entries.map(render).joined(separator: "\n")
        if entries.isEmpty { text = "The journal is empty." }
        if malformed > 0 { text += "\n(\(malformed) unreadable line(s) skipped: a writer was killed mid-line)" }
        try invocation.emit(JournalOutput(entries: entries, malformedLines: malformed), text: text)
    }

    /// One readable line per entry: `#12 ring keychain add app.pubkyring:tkrq… → 0 errSecSuccess`.
    static func render(_ entry: JournalEntry) -> String {
        var parts = ["#\(entry.seq)", entry.app, entry.event]
        if let op = entry.op { parts.append(op) }
        // A provider call names its URI, its caller package and its outcome (spec/07 §0).
        if case .provider = entry.kind {
            parts.append("content://\(entry.service ?? "?")/\(entry.account ?? "")")
            if let caller = entry.owner { parts.append("as \(caller)") }
            var outcome = entry.result ?? "?"
            if entry.result == "rows" { outcome += " \(entry.count ?? 0)" }
            parts.append("→ \(outcome)")
            if let detail = entry.detail { parts.append("— \(detail)") }
            return parts.joined(separator: " ")
        }
        if let account = entry.account {
            parts.append(account)
        } else if let group = entry.group, case .keychain = entry.kind {
            parts.append("(\(group))")
        }
        if let status = entry.status { parts.append("→ \(OSStatus(status))") }
        if entry.kind == .keychain(.copy), let count = entry.count {
            parts.append("[\(count) item(s)\(entry.requestedData == true ? ", data" : "")]")
        }
        if let detail = entry.detail { parts.append("— \(detail)") }
        return parts.joined(separator: " ")
    }
}
