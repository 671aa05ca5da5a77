/// A race's page: what ran, the outcome table, and each drawn schedule (a failing iteration, or an
/// example of an outcome) as a two-lane timeline with its sequence diagram. It reads only a
/// `RaceRecord`, so an exploration that finds outcomes and shortest schedules can fill one and get
/// the same page.
enum RacePage {
    static func html(_ record: RaceRecord) -> String {
        var body = "<h1>\(HTMLText.escape(record.title))</h1>\n"
        body += "<pre class=\"command\">\(HTMLText.escape(record.command))</pre>\n"
        body += "<ul class=\"meta\">" + record.summary.map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ul>\n"
        body += outcomes(record)
        for raceCase in record.cases { body += self.raceCase(raceCase, lanes: record.lanes) }
        let document = PageShell.document(title: record.title, body: body)
        return Redactor(secrets: record.secrets).apply(document)
    }

    static func outcomes(_ record: RaceRecord) -> String {
        var html = "<section aria-labelledby=\"outcomes-h\">\n<h2 id=\"outcomes-h\">Outcomes</h2>\n"
        html += "<table class=\"outcomes\">\n<caption>Distinct outcomes, most frequent first</caption>\n"
        html += "<thead><tr><th scope=\"col\">Count</th><th scope=\"col\">Result</th><th scope=\"col\">Outcome</th>"
        html += "<th scope=\"col\">Schedule</th></tr></thead>\n<tbody>\n"
        for outcome in record.outcomes {
            html +=
                "<tr\(outcome.failed ? " class=\"failed\"" : "") data-result=\"\(outcome.failed ? "fail" : "pass")\">"
            html += "<td class=\"num\">\(outcome.count)</td><td>"
            html += outcome.failed ? "<span class=\"badge fail\">FAIL</span>" : "<span class=\"badge pass\">PASS</span>"
            html += "</td><td class=\"wrap\"><code>\(HTMLText.escape(outcome.outcome))</code></td><td>"
            if let id = outcome.caseID { html += "<a href=\"#\(HTMLText.escape(id))\">drawn below</a>" }
            html += "</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
        if record.failedCount == 0 {
            html += "<p>No \(record.unit) failed.</p>\n"
        } else {
            let drawn = record.cases.filter(\.failed).count
            html += "<p>\(record.failedCount) \(record.unit)\(record.failedCount == 1 ? "" : "s") failed; "
            html += "the schedule\(drawn == 1 ? " of the first is" : "s of the first \(drawn) are") drawn below.</p>\n"
        }
        html += "</section>\n"
        return html
    }

    static func raceCase(_ raceCase: RaceCase, lanes: [String]) -> String {
        let id = HTMLText.escape(raceCase.id)
        var html =
            "<section class=\"race-case\(raceCase.failed ? " failed" : "")\" id=\"\(id)\" aria-labelledby=\"\(id)-h\">\n"
        html += "<h2 id=\"\(id)-h\">\(HTMLText.escape(raceCase.heading)) "
        html += raceCase.failed ? "<span class=\"badge fail\">FAIL</span>" : "<span class=\"badge pass\">PASS</span>"
        html += "</h2>\n<p>Outcome: <code>\(HTMLText.escape(raceCase.outcome))</code></p>\n"
        if !raceCase.failures.isEmpty {
            html += "<ul class=\"expectations\">\n"
            for failure in raceCase.failures {
                html += "<li class=\"expectation failed\"><span class=\"mark\" aria-hidden=\"true\">✗</span> "
                html += "<span class=\"sr-only\">failed:</span> \(HTMLText.escape(failure))</li>\n"
            }
            html += "</ul>\n"
        }
        if let replay = raceCase.replay {
            html += "<h3>Replay</h3>\n<pre class=\"replay\">\(HTMLText.escape(replay))</pre>\n"
        }
        html += "<h3>Schedule</h3>\n"
        html += ScheduleTimelineSVG.figure(
            raceCase.schedule, lanes: lanes, id: "\(id)-timeline", title: "Schedule of \(raceCase.heading)")
        html += "<h3>Sequence diagram</h3>\n"
        html += SequenceChartSVG.figure(
            raceCase.sequence, id: "\(id)-sequence", title: "Sequence diagram of \(raceCase.heading)")
        if !raceCase.journal.isEmpty {
            html +=
                "<details class=\"journal\"><summary>Journal: the last \(raceCase.journal.count) events</summary>\n<ol>\n"
            for line in raceCase.journal { html += "<li>\(HTMLText.escape(line))</li>\n" }
            html += "</ol>\n</details>\n"
        }
        html += "</section>\n"
        return html
    }
}
