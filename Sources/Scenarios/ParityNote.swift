import ContractNames

/// A `parity:` line (Docs/scenarios.md, "Parity"): why the platform lines after it — or the
/// `skip on` / `platforms:` line after it — differ between iOS and Android. `simctl parity` reads it
/// to tell a difference by design from one to look into.
public struct ParityNote: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// `parity: row N`: spec/07 §10 row N covers the lines; its verdict says whether they differ.
        case row(ParityRow)
        /// `parity: same: REASON`: one behaviour, observed through each platform's own names or
        /// transport (e.g. `PAYKIT_SESSION` for `paykit_session`, spec/07 §6.1).
        case same(String)
        /// `parity: assumed: REASON`: the lines differ because of a choice spec/07 §11 made where the
        /// Android app's behaviour is not known — neither a §10 row nor a bug, but a question for a device run.
        case assumed(String)
    }

    public var reason: Reason
    /// Where the note is written (`file:line`).
    public var location: String

    struct Failure: Error, Equatable { let message: String }

    static let usage =
        "usage: parity: row N  (a row of spec/07 §10), parity: same: REASON  (the same behaviour, observed differently)  or  parity: assumed: REASON  (a choice of spec/07 §11)"

    /// The note `line` (trimmed) is, nil for any other line.
    static func parse(_ line: String, location: String) throws(Failure) -> ParityNote? {
        guard line.hasPrefix("parity:") else { return nil }
        let rest = line.dropFirst("parity:".count).trimmingCharacters(in: .whitespaces)
        let words = rest.split(separator: " ", maxSplits: 1).map(String.init)
        switch words.first {
        case "row":
            guard words.count == 2, let number = Int(words[1]) else { throw Failure(message: usage) }
            guard let row = ParityRow.numbered(number) else {
                throw Failure(
                    message: "spec/07 §10 has no row \(number): its rows are numbered 1 to \(ParityRow.table.count)")
            }
            return ParityNote(reason: .row(row), location: location)
        case let first? where ["same", "assumed"].contains(first.prefix { $0.isLetter }):
            let kind = String(first.prefix { $0.isLetter })
            var reason = rest.dropFirst(kind.count).trimmingCharacters(in: .whitespaces)
            while let head = reason.first, ":,—-".contains(head) {
                reason = reason.dropFirst().trimmingCharacters(in: .whitespaces)
            }
            guard !reason.isEmpty else {
                throw Failure(
                    message: kind == "same"
                        ? "parity: same needs a reason, e.g. `parity: same: the key is PAYKIT_SESSION`"
                        : "parity: assumed needs a reason: the choice of spec/07 §11 the lines rest on")
            }
            return ParityNote(reason: kind == "same" ? .same(reason) : .assumed(reason), location: location)
        default:
            throw Failure(message: usage)
        }
    }

    /// What a report says of the note: the §10 row it cites, or the reason the lines are the same.
    public var citation: String {
        switch reason {
        case .row(let row): return row.citation
        case .same(let reason): return reason
        case .assumed(let reason): return "spec/07 §11 (assumed): \(reason)"
        }
    }

    /// Whether the lines it covers differ because of an assumption of spec/07 §11.
    public var assumed: Bool {
        if case .assumed = reason { return true }
        return false
    }

    /// Whether the lines it covers differ on purpose (a §10 row whose verdict is *differs by design*).
    public var differsByDesign: Bool {
        if case .row(let row) = reason { return row.verdict == .differsByDesign }
        return false
    }
}

extension ParityNote {
    /// `location` split back into its file and line.
    var fileAndLine: (String, Int) {
        guard let colon = location.lastIndex(of: ":"), let line = Int(location[location.index(after: colon)...])
        else { return (location, 0) }
        return (String(location[..<colon]), line)
    }
}
