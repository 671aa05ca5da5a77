/// Renders a `Screen` as the readable text a QA transcript shows.
public enum ScreenRenderer {
    public static func text(_ screen: Screen, appName: String) -> String {
        var lines: [String] = []
        var header = "\(appName) — \(screen.route)"
        if screen.stack.count > 1 { header += "   [" + screen.stack.joined(separator: " › ") + "]" }
        lines.append(header)
        if let title = screen.title {
            lines += title.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        }
        lines += screen.texts.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 } }
        if let line = elementsText(screen.elements) { lines.append("  " + line) }
        for row in screen.rows { lines.append("  " + rowText(row)) }
        for button in screen.buttons {
            lines.append(
                "  [\(button.label)\(button.loading ? " …" : "")]\(button.disabled ? " (disabled)" : "")  "
                    + "(\(named(button.id, button.testTag)))")
        }
        if let sheet = screen.sheet {
            lines.append("  ┌ sheet \(sheet.id): \(sheet.title)")
            lines += sheet.texts.flatMap {
                $0.split(separator: "\n", omittingEmptySubsequences: false).map { "  │ " + $0 }
            }
            if let line = elementsText(sheet.elements) { lines.append("  │ " + line) }
            for row in sheet.rows { lines.append("  │ " + rowText(row)) }
            lines += (sheet.footer ?? []).flatMap {
                $0.split(separator: "\n", omittingEmptySubsequences: false).map { "  │ " + $0 }
            }
            for button in sheet.buttons {
                lines.append(
                    "  │ [\(button.label)]\(button.disabled ? " (disabled)" : "")  (\(named(button.id, button.testTag)))"
                )
            }
            lines.append("  └")
        }
        for toast in screen.toasts { lines.append("Toast: " + toast.text) }
        return lines.joined(separator: "\n")
    }

    private static func rowText(_ row: Screen.Row) -> String {
        var parts = [(row.style == "dashed" ? "┆ " : "• ") + row.title]
        if let caption = row.caption { parts.append(caption) }
        parts += row.pills.map { "(\($0))" }
        if let button = row.button { parts.append("[\(button)]") }
        if row.disabled { parts.append("disabled") }
        if let spinner = row.spinner { parts.append("⟳ looking up (\(spinner))") }
        if row.loading { parts.append("⟳ busy") }
        parts.append("(\(named(row.id, row.testTag)))")
        return parts.joined(separator: "  ")
    }

    /// `elements: "Satoshi" (ProfileViewName) · (SimProfilePubky)`: the identified texts and
    /// containers on one line, each id in parentheses as on row and button lines, so the text screen
    /// names every id a journey can address.
    private static func elementsText(_ elements: [Screen.Element]) -> String? {
        guard !elements.isEmpty else { return nil }
        let parts = elements.map { element in
            let name = "(\(named(element.id, element.testTag)))"
            guard let text = element.text else { return name }
            let shown = text.count > 40 ? String(text.prefix(39)) + "…" : text
            return "\"\(String(shown.map { $0 == "\n" ? " " : $0 }))\" \(name)"
        }
        return "elements: " + parts.joined(separator: " · ")
    }

    /// The id, and the Android testTag after it where the two differ (`PubkyChoiceRing_… · testTag
    /// PubkyChoiceIdentity`).
    private static func named(_ id: String, _ testTag: TestTag) -> String {
        guard let tag = testTag.value, tag != id else { return id }
        return "\(id) · testTag \(tag)"
    }
}
