import AppSupport

/// What the device shares after a step, as a table in the platform's words (`SharedRecordsLayout`):
/// record, owner, the platform's fact about it and the secret's size (never its value), rows the
/// step added, changed or removed marked in words and colour.
enum SharedRecordsTable {
    static func html(_ rows: [SharedRecordRow], layout: SharedRecordsLayout, step: Int) -> String {
        var html =
            "<table class=\"keychain\">\n<caption>\(HTMLText.escape(layout.place)) after step \(step)</caption>\n"
        html +=
            "<thead><tr><th scope=\"col\">Change</th><th scope=\"col\">\(HTMLText.escape(layout.recordHeading))</th>"
        html +=
            "<th scope=\"col\">\(HTMLText.escape(layout.ownerHeading))</th><th scope=\"col\">\(HTMLText.escape(layout.detailHeading))</th><th scope=\"col\">Secret</th></tr></thead>\n<tbody>\n"
        if rows.isEmpty {
            html += "<tr class=\"empty\"><td colspan=\"5\">\(HTMLText.escape(layout.empty))</td></tr>\n"
        }
        for row in rows {
            html += "<tr class=\"change-\(row.change.rawValue)\" data-change=\"\(row.change.rawValue)\">"
            html += "<td class=\"change\">\(label(row.change))</td>"
            html += "<td class=\"account\">\(HTMLText.escape(row.record))</td>"
            html += "<td>\(HTMLText.escape(row.owner ?? "—"))</td>"
            html += "<td>\(breakable(row.detail))</td>"
            html += "<td>hidden, \(row.byteCount) bytes</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
        return html
    }

    /// `When<wbr>Unlocked<wbr>This<wbr>Device<wbr>Only`: a narrow column breaks between words.
    static func breakable(_ camelCase: String) -> String {
        var html = ""
        for character in camelCase {
            if character.isUppercase, !html.isEmpty { html += "<wbr>" }
            html += HTMLText.escape(String(character))
        }
        return html
    }

    static func label(_ change: SharedRecordRow.Change) -> String {
        switch change {
        case .added: return "+ added"
        case .changed: return "~ changed"
        case .removed: return "− removed"
        case .unchanged: return ""
        }
    }
}
