/// The report's first page: the run's platform, then every scenario of the run with its title, tags,
/// result, duration and the step it failed at (or why it was skipped), each that ran linking to its page.
enum IndexPage {
    struct Row {
        var entry: ScenarioReportEntry
        /// The page's file name, for a scenario that ran.
        var page: String?
    }

    /// The index of a run on `platform` (its display name, e.g. `iOS`).
    static func html(_ rows: [Row], platform: String = "iOS") -> String {
        var passed = 0
        var skipped = 0
        var secrets: [String] = []
        for row in rows {
            switch row.entry {
            case .ran(let record):
                if record.passed { passed += 1 }
                secrets += record.secrets
            case .skipped: skipped += 1
            case .malformed: break
            }
        }
        let failed = rows.count - passed - skipped
        // As the text output's last line: the skipped count only when something was skipped.
        let counts = "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
        var body = "<h1>Scenario run: \(counts)</h1>\n"
        body += "<ul class=\"meta\"><li>Platform <strong>\(HTMLText.escape(platform))</strong></li></ul>\n"
        body += "<p class=\"location\">\(rows.count) scenario file\(rows.count == 1 ? "" : "s"). "
        body +=
            "Each page shows every step with both phones side by side, the shared keychain group, and the run's sequence diagram.</p>\n"
        body += "<table class=\"scenarios\">\n<caption>Scenarios in the order they were given</caption>\n<thead><tr>"
        body += "<th scope=\"col\">Scenario</th><th scope=\"col\">Title</th><th scope=\"col\">Tags</th>"
        body +=
            "<th scope=\"col\">Result</th><th scope=\"col\">Duration</th><th scope=\"col\">Failing step</th></tr></thead>\n<tbody>\n"
        for row in rows { body += self.row(row) }
        body += "</tbody>\n</table>\n"
        let document = PageShell.document(title: "Scenario run: \(counts)", body: body)
        return Redactor(secrets: secrets).apply(document)
    }

    static func row(_ row: Row) -> String {
        switch row.entry {
        case .malformed(let file, let message):
            var html =
                "<tr class=\"failed\" data-result=\"malformed\"><td class=\"wrap\">\(HTMLText.escape(file))</td><td>—</td><td></td>"
            html += "<td><span class=\"badge malformed\">MALFORMED</span></td><td></td>"
            html += "<td class=\"wrap\">\(HTMLText.escape(message))</td></tr>\n"
            return html
        case .skipped(let name, let title, let tags, let reason):
            var html = "<tr data-result=\"skipped\"><td class=\"wrap\">\(HTMLText.escape(name))</td>"
            html += "<td class=\"wrap\">\(HTMLText.escape(title))</td><td>"
            html += tags.map { "<span class=\"tag\">\(HTMLText.escape($0))</span>" }.joined()
            html += "</td><td><span class=\"badge skipped\">SKIP</span></td><td></td>"
            html += "<td class=\"wrap\">\(HTMLText.escape(reason))</td></tr>\n"
            return html
        case .ran(let record):
            let page = HTMLText.escape(row.page ?? "")
            var html =
                "<tr\(record.passed ? "" : " class=\"failed\"") data-result=\"\(record.passed ? "pass" : "fail")\">"
            html += "<td class=\"wrap\"><a href=\"\(page)\">\(HTMLText.escape(record.name))</a></td>"
            html += "<td class=\"wrap\">\(HTMLText.escape(record.title))</td><td>"
            html += record.tags.map { "<span class=\"tag\">\(HTMLText.escape($0))</span>" }.joined()
            html += "</td><td>"
            html += record.passed ? "<span class=\"badge pass\">PASS</span>" : "<span class=\"badge fail\">FAIL</span>"
            html += "</td><td class=\"num\">\(HTMLText.seconds(record.seconds))</td><td class=\"wrap\">"
            if let failure = record.failure {
                let anchor = record.failedStep.map { "step-\($0)" } ?? "end"
                let label = record.failedStep.map { "Step \($0)" } ?? "End of the run"
                html += "<a href=\"\(page)#\(anchor)\">\(label)</a>: <code>\(HTMLText.escape(failure.step))</code>"
            }
            html += "</td></tr>\n"
            return html
        }
    }
}
