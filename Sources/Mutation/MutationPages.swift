import Foundation

/// The campaign as HTML: `index.html` with the tables and every survivor, and one page per
/// survivor with its diff (`survivors/<id>.html`). One folder, no script, nothing fetched.
public enum MutationPages {
    /// The pages, by path relative to the report folder.
    public static func pages(_ report: CampaignReport, diffs: [String: String]) -> [String: String] {
        var pages = ["index.html": index(report)]
        for survivor in report.survivors {
            pages["survivors/\(survivor.id).html"] = page(survivor, diff: diffs[survivor.id] ?? "")
        }
        return pages
    }

    static let style = """
        body{font:14px/1.45 system-ui,sans-serif;margin:2em;color:#1d1d1f}
        table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}
        td:first-child,th:first-child,td.l{text-align:left}code,pre{font:12.5px/1.4 ui-monospace,monospace}
        pre{background:#f6f6f6;padding:1em;overflow:auto}.add{color:#0a6d0a}.del{color:#b3261e}.hunk{color:#6b4fbb}
        .survived{color:#b3261e;font-weight:600}
        """

    static func shell(_ title: String, _ body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title><style>\(style)</style></head>
        <body>
        \(body)
        </body></html>

        """
    }

    static func index(_ report: CampaignReport) -> String {
        var body = "<h1>Mutation campaign</h1>\n<p>\(escape(report.summaryLine))</p>\n"
        body += table(
            ["module", "group"],
            report.modules.map { ([$0.name, $0.group ?? ""], $0.counts) }
                + report.groups.map { (["all " + $0.name, ""], $0.counts) } + [(["total", ""], report.total)])
        body += "<h2>Operators</h2>\n" + table(["operator"], report.operators.map { ([$0.name], $0.counts) })
        body +=
            "<h2>Survivors (\(report.survivors.count))</h2>\n<table><tr><th>mutant</th><th>where</th><th>change</th><th>reached by</th></tr>\n"
        for survivor in report.survivors {
            body +=
                "<tr><td class=l><a href=\"survivors/\(survivor.id).html\"><code>\(survivor.id)</code></a></td>"
                + "<td class=l><code>\(escape(survivor.file)):\(survivor.line)</code><br>\(escape(survivor.declaration))</td>"
                + "<td class=l><code>\(escape(survivor.original))</code><br>→ <code>\(escape(survivor.mutated.isEmpty ? "(deleted)" : survivor.mutated))</code></td>"
                + "<td>\(survivor.reachedBy ?? 0)</td></tr>\n"
        }
        body += "</table>\n"
        if !report.baselineFailures.isEmpty {
            body +=
                "<h2>Files that fail without a mutant</h2>\n<ul>"
                + report.baselineFailures.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
        }
        if !report.notes.isEmpty {
            body += "<h2>Notes</h2>\n<ul>" + report.notes.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
        }
        return shell("Mutation campaign", body)
    }

    static func table(_ names: [String], _ rows: [([String], CampaignReport.Counts)]) -> String {
        let header = names + ["mutants", "killed", "survived", "equivalent", "did not build", "score"]
        var html = "<table><tr>" + header.map { "<th>\(escape($0))</th>" }.joined() + "</tr>\n"
        for (labels, counts) in rows {
            html +=
                "<tr>" + labels.map { "<td class=l>\(escape($0))</td>" }.joined()
                + CampaignReport.cells(counts).map { "<td>\(escape($0))</td>" }.joined() + "</tr>\n"
        }
        return html + "</table>\n"
    }

    static func page(_ survivor: CampaignReport.Mutant, diff: String) -> String {
        let reach =
            (survivor.reachedBy ?? 0) == 0
            ? "No scenario reaches this line: the catalogue never runs it."
            : "\(survivor.reachedBy ?? 0) scenario run(s) reach this line and all pass with the mutant."
        let body = """
            <p><a href="../index.html">← the campaign</a></p>
            <h1><span class=survived>SURVIVED</span> <code>\(escape(survivor.id))</code></h1>
            <p>\(escape(survivor.op.summary)) in <code>\(escape(survivor.declaration))</code>,
            <code>\(escape(survivor.file)):\(survivor.line)</code> (module \(escape(survivor.module)), group \(escape(survivor.group))).</p>
            <p>\(escape(reach))</p>
            <pre>\(colored(diff))</pre>
            <p>Run it alone: <code>simctl mutate run --mutant \(escape(survivor.id))</code></p>
            """
        return shell("Survivor \(survivor.id)", body)
    }

    static func colored(_ diff: String) -> String {
        diff.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let text = escape(String(line))
            if line.hasPrefix("+++") || line.hasPrefix("---") { return "<b>\(text)</b>" }
            if line.hasPrefix("@@") { return "<span class=hunk>\(text)</span>" }
            if line.hasPrefix("+") { return "<span class=add>\(text)</span>" }
            if line.hasPrefix("-") { return "<span class=del>\(text)</span>" }
            return text
        }.joined(separator: "\n")
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
