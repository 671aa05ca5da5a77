import ContractNames
import RunReport
import Simulation

/// Turns the cross-app events of a journal into a sequence diagram with Bitkit, the shared group,
/// Pubky Ring and the backend as lanes: as Mermaid source (`simctl journal --sequence`) or as a
/// `SequenceChart` that a report draws. One mapping serves both; only the text policy differs
/// (Mermaid needs `;` and `#` replaced, a drawing shows the text as it is).
public enum SequenceDiagram {
    public static let participants = [
        SequenceChart.Participant(id: "B", name: "Bitkit"),
        SequenceChart.Participant(id: "S", name: "Shared group"),
        SequenceChart.Participant(id: "R", name: "Pubky Ring"),
        SequenceChart.Participant(id: "N", name: "Backend"),
    ]

    public static func mermaid(_ entries: [JournalEntry]) -> String {
        var lines = ["sequenceDiagram"] + participants.map { "    participant \($0.id) as \($0.name)" }
        for entry in entries {
            guard let item = item(for: entry, text: clean) else { continue }
            switch item {
            case .message(let from, let to, let text): lines.append("    \(from)->>\(to): \(text)")
            case .note(let over, let text): lines.append("    Note over \(over.joined(separator: ",")): \(text)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same events as data, with their texts as written (line breaks aside).
    public static func chart(_ entries: [JournalEntry]) -> SequenceChart {
        SequenceChart(participants: participants, items: entries.compactMap { item(for: $0, text: plain) })
    }

    package static func lane(_ app: String) -> String? {
        switch app {
        case "bitkit": return "B"
        case "ring": return "R"
        default: return nil
        }
    }

    /// The diagram item of one journal entry, its texts passed through `text`.
    package static func item(for entry: JournalEntry, text: (String) -> String) -> SequenceChart.Item? {
        let lane = lane(entry.app)
        switch entry.kind {
        case .keychain(let call):
            guard let lane, entry.group == SharedContract.accessGroup else {
                if entry.app == "simctl", entry.group == SharedContract.accessGroup {
                    return .note(
                        over: ["S"], text: "simctl \(text(call.rawValue)) \(short(entry.account, text: text))")
                }
                return nil
            }
            let status = entry.status.map { $0 == 0 ? "ok" : "\($0)" } ?? ""
            let wantsSecret = entry.requestedData ?? (entry.data == true)
            let what =
                call == .copy
                ? (wantsSecret ? "read" : (entry.account == nil ? "list" : "exists?")) : call.rawValue
            return .message(
                from: lane, to: "S", text: "\(text(what)) \(short(entry.account, text: text)) → \(status)")
        case .provider(let op):
            // A provider call crosses from the caller's app to the provider's (spec/07).
            guard let lane else { return nil }
            let outcome = entry.result == "exception" ? (entry.detail ?? "exception") : (entry.result ?? "")
            return .message(
                from: lane, to: lane == "B" ? "R" : "B",
                text: "\(text(op.rawValue)) \(short(entry.account, text: text)) → \(text(outcome))")
        case .backend(let request):
            guard let lane else { return nil }
            return .message(from: lane, to: "N", text: "\(text(request)) → \(text(entry.detail ?? ""))")
        case .toast, .navigation, .lifecycle, .identity, .wipe:
            guard let lane else { return nil }
            return .note(
                over: [lane],
                text: "\(text(entry.event)) \(text(entry.op ?? "")) \(text(entry.detail ?? ""))")
        case .breakpoint(let op):
            guard let lane else { return nil }
            return .note(over: [lane], text: "\(text(op.rawValue)) at \(text(entry.detail ?? ""))")
        case .device(let op):
            return .note(over: ["B", "R"], text: "\(text(op.rawValue)) \(text(entry.detail ?? ""))")
        case .checkpoint, .schedule, .log, .openURL, .unknown, .sharing, .contactImport, .contactsBatch:
            return nil
        }
    }

    /// `app.pubkyring:tkrq8…p7qy`: accounts stay recognisable without flooding the diagram.
    package static func short(_ account: String?, text: (String) -> String = clean) -> String {
        guard let account else { return "" }
        guard let colon = account.firstIndex(of: ":") else { return text(account) }
        let pubky = account[account.index(after: colon)...]
        guard pubky.count > 12 else { return text(account) }
        return text(String(account[...colon]) + pubky.prefix(5) + "…" + pubky.suffix(4))
    }

    /// Mermaid treats `;` and `#` specially in messages.
    package static func clean(_ text: String) -> String {
        plain(text.replacingOccurrences(of: ";", with: ",").replacingOccurrences(of: "#", with: "no. "))
    }

    /// One line, no surrounding blanks.
    package static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
    }
}
