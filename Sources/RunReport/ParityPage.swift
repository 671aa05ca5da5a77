import Foundation

/// The parity report's pages: the index (every scenario's result on iOS and on Android, with its
/// verdict) and, per scenario with a differing row, a page of those rows, each with both platforms'
/// phones side by side at that step.
enum ParityPage {
    static func index(_ record: ParityRecord, pages: [String?]) -> String {
        var body = "<h1>Parity: \(HTMLText.escape(record.summary))</h1>\n"
        body += "<ul class=\"meta\"><li>"
        body +=
            record.hasProblems
            ? "<span class=\"badge fail\">DIFFERS UNEXPECTEDLY</span>"
            : "<span class=\"badge pass\">NO UNEXPECTED DIFFERENCE</span>"
        body +=
            "</li><li><a href=\"ios/index.html\">iOS run</a></li><li><a href=\"android/index.html\">Android run</a></li></ul>\n"
        body +=
            "<p class=\"location\">Each scenario ran on an iOS world and on an Android world. A row differs by design when spec/07 §10 says the platforms differ there; each scenario's page shows its differing steps with both platforms' phones.</p>\n"
        body += "<table class=\"scenarios\">\n<caption>Scenarios compared</caption>\n<thead><tr>"
        body += "<th scope=\"col\">Scenario</th><th scope=\"col\">Title</th><th scope=\"col\">iOS</th>"
        body +=
            "<th scope=\"col\">Android</th><th scope=\"col\">Verdict</th><th scope=\"col\">Rows</th></tr></thead>\n<tbody>\n"
        for (scenario, page) in zip(record.scenarios, pages) {
            body +=
                "<tr\(scenario.problem ? " class=\"failed\"" : "") data-verdict=\"\(HTMLText.escape(scenario.verdict))\">"
            let name = HTMLText.escape(scenario.name)
            body +=
                "<td class=\"wrap\">" + (page.map { "<a href=\"\(HTMLText.escape($0))\">\(name)</a>" } ?? name)
                + "</td>"
            body += "<td class=\"wrap\">\(HTMLText.escape(scenario.title))</td>"
            body += "<td>\(outcome(scenario.ios))</td><td>\(outcome(scenario.android))</td>"
            body += "<td>\(verdict(scenario.verdict, problem: scenario.problem))</td>"
            body += "<td class=\"wrap\">\(HTMLText.escape(scenario.counts))</td></tr>\n"
        }
        body += "</tbody>\n</table>\n"
        let document = PageShell.document(title: "Parity: \(record.summary)", body: body)
        return redacted(document, record)
    }

    static func scenario(_ scenario: ParityRecord.Scenario, in record: ParityRecord) -> String {
        var body = "<p class=\"crumb\"><a href=\"index.html\">← Parity of all scenarios</a></p>\n"
        body += "<h1>\(HTMLText.escape(scenario.title))</h1>\n<ul class=\"meta\">"
        body += "<li>\(verdict(scenario.verdict, problem: scenario.problem))</li>"
        body += "<li>iOS \(outcome(scenario.ios))</li><li>Android \(outcome(scenario.android))</li>"
        body += "<li>\(HTMLText.escape(scenario.counts))</li></ul>\n"
        for (index, difference) in scenario.differences.enumerated() {
            body += self.difference(difference, id: "row-\(index + 1)")
        }
        let document = PageShell.document(title: "Parity of \(scenario.name) — \(scenario.title)", body: body)
        return redacted(document, record)
    }

    static func difference(_ difference: ParityRecord.Difference, id: String) -> String {
        var html =
            "<section class=\"step\(difference.problem ? " failed" : "")\" id=\"\(id)\" aria-labelledby=\"\(id)-h\">\n"
        html +=
            "<div class=\"step-head\"><h2 id=\"\(id)-h\">\(verdict(difference.verdict, problem: difference.problem))</h2>"
        html += "<code class=\"command\">\(HTMLText.escape(difference.source))</code>"
        html +=
            "<span class=\"location\">\(HTMLText.escape(difference.location)) · runs on \(HTMLText.escape(difference.runsOn))</span></div>\n"
        html += "<p>\(HTMLText.escape(difference.why))</p>\n<div class=\"platforms\">\n"
        for (name, side) in [("iOS", difference.ios), ("Android", difference.android)] {
            html += "<div class=\"platform\">\n<h3>\(name) \(outcome(side.outcome))</h3>\n"
            if let detail = side.outcome.detail { html += "<p class=\"location\">\(HTMLText.escape(detail))</p>\n" }
            if let step = side.step {
                html +=
                    "<p class=\"location\">After step \(step.number): <code>\(HTMLText.escape(step.command))</code></p>\n"
                html += "<div class=\"panes\">\n"
                for phone in Phone.allCases {
                    html += "<div class=\"pane pane-\(phone.rawValue)\">\n"
                    html += PhoneFrame.html(
                        phone, state: step.phone(phone), device: step.device, acted: step.actor == phone,
                        step: step.number)
                    html += "</div>\n"
                }
                html += "</div>\n"
            }
            html += "</div>\n"
        }
        html += "</div>\n</section>\n"
        return html
    }

    static func outcome(_ outcome: ParityRecord.Outcome) -> String {
        let badge: String
        switch outcome.status {
        case "passed": badge = "<span class=\"badge pass\">PASS</span>"
        case "failed": badge = "<span class=\"badge fail\">FAIL</span>"
        case "skipped": badge = "<span class=\"badge skipped\">SKIP</span>"
        case "not reached": badge = "<span class=\"badge fail\">NOT REACHED</span>"
        default: badge = "<span class=\"badge skipped\">—</span>"
        }
        guard let link = outcome.link else { return badge }
        return "<a href=\"\(HTMLText.escape(link))\">\(badge)</a>"
    }

    static func verdict(_ verdict: String, problem: Bool) -> String {
        let kind = problem ? "fail" : verdict == "same" ? "pass" : verdict == "differs by assumption" ? "malformed" : "design"
        return "<span class=\"badge \(kind)\">\(HTMLText.escape(verdict.uppercased()))</span>"
    }

    static func redacted(_ document: String, _ record: ParityRecord) -> String {
        let located = ByteText.replacing(record.runFolders.map { ($0, "‹run›") }, in: document)
        return Redactor(secrets: record.secrets).apply(located)
    }
}
