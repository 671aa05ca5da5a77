/// A row of spec/07 §10, the parity table: one behaviour, and whether Android keeps iOS's or differs
/// from it on purpose. Scenario files cite rows with `parity: row N` (Docs/scenarios.md) and
/// `simctl parity` reports each difference against the row that allows it (Docs/parity.md).
public struct ParityRow: Sendable, Equatable, Hashable {
    /// What spec/07 §10 says of the behaviour on the two platforms.
    public enum Verdict: String, Sendable, Equatable, Hashable {
        case same
        case differsByDesign = "differs by design"
    }

    /// The row's number in the table (1-based).
    public var number: Int
    public var behaviour: String
    public var verdict: Verdict

    /// `§10 row 10 (Bitkit uninstalled)`: how reports cite the row.
    public var citation: String { "spec/07 §10 row \(number) (\(behaviour))" }

    /// The row numbered `number`, nil when the table has none.
    public static func numbered(_ number: Int) -> ParityRow? {
        table.indices.contains(number - 1) ? table[number - 1] : nil
    }

    /// spec/07 §10, in order.
    public static let table: [ParityRow] =
        ([
            ("Bitkit lists Ring pubkys", .same),
            ("Ring lists Bitkit pubkys", .same),
            ("Pick a Ring pubky", .differsByDesign),
            ("JIT read (Bitkit signs with R; Ring signs with W)", .same),
            ("Bitkit makes W visible", .differsByDesign),
            ("Ring deletes the picked pubky", .same),
            ("Ring removes an adopted Bitkit pubky", .same),
            ("Bitkit Delete Profile / Disconnect", .same),
            ("Wipe (Ring; Bitkit)", .same),
            ("Bitkit uninstalled", .differsByDesign),
            ("Ring uninstalled", .differsByDesign),
            ("Ring reinstalled", .differsByDesign),
            ("Device locked", .differsByDesign),
            ("Missing entitlement / permission", .same),
            ("Owner not same-signed / not visible", .differsByDesign),
            ("Owner's private-store read error", .differsByDesign),
            ("Two Bitkit flavours at once", .differsByDesign),
            ("Signup link while a pubky is picked", .same),
            ("Failed restore", .differsByDesign),
            ("Backup snapshot", .same),
            ("Backup restore", .differsByDesign),
            ("OS delivers pubkyauth://", .differsByDesign),
            ("Ring republish window", .differsByDesign),
            // spec/09 §6: the contact import, Contacts and contact links.
            ("Overview profile row, summary", .differsByDesign),
            ("Select all / none", .differsByDesign),
            ("Selection rows", .differsByDesign),
            ("Other rows' lookups while adopting", .differsByDesign),
            ("Padding-alias self-follow", .same),
            ("10 s per-follow cap", .same),
            ("Failure toast after leaving", .same),
            ("Invalid contact link", .same),
            ("Selection import ends after Back to the overview", .same),
            ("Contacts layout", .differsByDesign),
            ("Save granularity", .same),
        ] as [(String, Verdict)]).enumerated().map {
            ParityRow(number: $0.offset + 1, behaviour: $0.element.0, verdict: $0.element.1)
        }
}
