import Device

/// Renders the cross-app events of a journal as a Mermaid sequence diagram with Bitkit, the shared
/// group, Pubky Ring and the backend as lanes.
public enum SequenceDiagram {
    public static func mermaid(_ entries: [JournalEntry]) -> String {
        var lines = [
            "sequenceDiagram",
            "    participant B as Bitkit",
            "    participant S as Shared group",
            "    participant R as Pubky Ring",
            "    participant N as Backend",
        ]
        for entry in entries {
            guard let line = line(for: entry) else { continue }
            lines.append("    " + line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func lane(_ app: String) -> String? {
        switch app {
        case "bitkit": return "B"
        case "ring": return "R"
        default: return nil
        }
    }

    static func line(for entry: JournalEntry) -> String? {
        let lane = lane(entry.app)
        switch entry.event {
        case "keychain":
            guard let lane, entry.group == SharedContract.accessGroup else {
                if entry.app == "simctl", entry.group == SharedContract.accessGroup {
                    return "Note over S: simctl \(clean(entry.op ?? "")) \(short(entry.account))"
                }
                return nil
            }
            let status = entry.status.map { $0 == 0 ? "ok" : "\($0)" } ?? ""
            let wantsSecret = entry.requestedData ?? (entry.data == true)
            let what =
                entry.op == "copy"
                ? (wantsSecret ? "read" : (entry.account == nil ? "list" : "exists?")) : (entry.op ?? "")
            return "\(lane)->>S: \(clean(what)) \(short(entry.account)) → \(status)"
        case "backend":
            guard let lane else { return nil }
            return "\(lane)->>N: \(clean(entry.op ?? "")) → \(clean(entry.detail ?? ""))"
        case "toast", "navigation", "lifecycle", "identity", "wipe":
            guard let lane else { return nil }
            return "Note over \(lane): \(clean(entry.event)) \(clean(entry.op ?? "")) \(clean(entry.detail ?? ""))"
        case "breakpoint":
            guard let lane else { return nil }
            return "Note over \(lane): \(clean(entry.op ?? "")) at \(clean(entry.detail ?? ""))"
        case "device":
            return "Note over B,R: \(clean(entry.op ?? "")) \(clean(entry.detail ?? ""))"
        default:
            return nil
        }
    }

    /// `app.pubkyring:tkrq8…p7qy`: accounts stay recognisable without flooding the diagram.
    static func short(_ account: String?) -> String {
        guard let account else { return "" }
        guard let colon = account.firstIndex(of: ":") else { return clean(account) }
        let pubky = account[account.index(after: colon)...]
        guard pubky.count > 12 else { return clean(account) }
        return clean(String(account[...colon]) + pubky.prefix(5) + "…" + pubky.suffix(4))
    }

    /// Mermaid treats `;` and `#` specially in messages.
    static func clean(_ text: String) -> String {
        text.replacingOccurrences(of: ";", with: ",").replacingOccurrences(of: "#", with: "no. ")
            .replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
    }
}
