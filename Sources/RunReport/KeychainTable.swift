/// The shared keychain group after a step, as a table: account, owner prefix, accessibility and the
/// secret's size (never its value), rows the step added, changed or removed marked in words and
/// colour.
enum KeychainTable {
    static func html(_ rows: [KeychainRow], step: Int) -> String {
        var html = "<table class=\"keychain\">\n<caption>Shared keychain group after step \(step)</caption>\n"
        html += "<thead><tr><th scope=\"col\">Change</th><th scope=\"col\">Account</th>"
        html +=
            "<th scope=\"col\">Owner prefix</th><th scope=\"col\">Accessibility</th><th scope=\"col\">Secret</th></tr></thead>\n<tbody>\n"
        if rows.isEmpty {
            html += "<tr class=\"empty\"><td colspan=\"5\">The group holds no record.</td></tr>\n"
        }
        for row in rows {
            html += "<tr class=\"change-\(row.change.rawValue)\" data-change=\"\(row.change.rawValue)\">"
            html += "<td class=\"change\">\(label(row.change))</td>"
            html += "<td class=\"account\">\(HTMLText.escape(row.account))</td>"
            html += "<td>\(HTMLText.escape(row.owner ?? "—"))</td>"
            html += "<td>\(breakable(row.accessibility))</td>"
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

    static func label(_ change: KeychainRow.Change) -> String {
        switch change {
        case .added: return "+ added"
        case .changed: return "~ changed"
        case .removed: return "− removed"
        case .unchanged: return ""
        }
    }
}
