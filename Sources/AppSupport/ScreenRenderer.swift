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
        for row in screen.rows { lines.append("  " + rowText(row)) }
        for button in screen.buttons {
            lines.append("  [\(button.label)]\(button.disabled ? " (disabled)" : "")  (\(button.id))")
        }
        if let sheet = screen.sheet {
            lines.append("  ┌ sheet \(sheet.id): \(sheet.title)")
            lines += sheet.texts.flatMap {
                $0.split(separator: "\n", omittingEmptySubsequences: false).map { "  │ " + $0 }
            }
            for row in sheet.rows { lines.append("  │ " + rowText(row)) }
            lines += (sheet.footer ?? []).flatMap {
                $0.split(separator: "\n", omittingEmptySubsequences: false).map { "  │ " + $0 }
            }
            for button in sheet.buttons {
                lines.append("  │ [\(button.label)]\(button.disabled ? " (disabled)" : "")  (\(button.id))")
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
        parts.append("(\(row.id))")
        return parts.joined(separator: "  ")
    }
}
