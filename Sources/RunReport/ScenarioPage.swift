import AppSupport

/// One scenario's page: a header with the result, then every step in order (command, both phones
/// side by side with the expectations that concern each, the shared group and the journal), and at
/// the end the audit and the run's sequence diagram.
enum ScenarioPage {
    static func html(_ record: ScenarioRecord) -> String {
        var body = "<p class=\"crumb\"><a href=\"index.html\">← All scenarios</a></p>\n"
        body += "<h1>\(HTMLText.escape(record.title))</h1>\n"
        body += "<ul class=\"meta\">"
        body +=
            "<li>\(record.passed ? "<span class=\"badge pass\">PASS</span>" : "<span class=\"badge fail\">FAIL</span>")</li>"
        body += "<li>File <strong><code>\(HTMLText.escape(record.file))</code></strong></li>"
        body += "<li>Seed <strong>\(record.seed)</strong></li>"
        body += "<li><strong>\(record.steps.count)</strong> steps</li>"
        body += "<li>Duration <strong>\(HTMLText.seconds(record.seconds))</strong></li>"
        if !record.tags.isEmpty {
            body +=
                "<li>Tags " + record.tags.map { "<span class=\"tag\">\(HTMLText.escape($0))</span>" }.joined() + "</li>"
        }
        body += "</ul>\n"
        if let failure = record.failure { body += failureBox(failure, step: record.failedStep) }
        body += toc(record)
        body +=
            "<p class=\"location\">Each step: Bitkit on the left, Pubky Ring on the right (the app that acted is outlined; the other shows its last screen), the expectations next to the screen they concern, then the shared keychain group and the journal events of the step.</p>\n"
        for step in record.steps { body += self.step(step, records: record.records) }
        body += end(record)
        let document = PageShell.document(
            title: "\(record.passed ? "PASS" : "FAIL") \(record.name) — \(record.title)", body: body)
        let located = record.runFolder.map { ByteText.replacing([($0, "‹run›")], in: document) } ?? document
        return Redactor(secrets: record.secrets).apply(located)
    }

    static func failureBox(_ failure: ScenarioRecord.Failure, step: Int?) -> String {
        var html = "<section class=\"summary-box failed\" aria-labelledby=\"failure-h\">\n"
        html += "<h2 id=\"failure-h\">Failed "
        if let step {
            html += "at <a href=\"#step-\(step)\">step \(step)</a>"
        } else {
            html += "at the <a href=\"#end\">end of the run</a>"
        }
        html +=
            "</h2>\n<p><code>\(HTMLText.escape(failure.step))</code> <span class=\"location\">\(HTMLText.escape(failure.location))</span></p>\n"
        html += "<dl class=\"expectation failed\"><dt>expected</dt><dd>\(HTMLText.escape(failure.expected))</dd>"
        html += "<dt>found</dt><dd>\(HTMLText.escape(failure.actual))</dd></dl>\n</section>\n"
        return html
    }

    static func toc(_ record: ScenarioRecord) -> String {
        guard !record.steps.isEmpty else { return "" }
        var html = "<details class=\"toc\"><summary>All \(record.steps.count) steps</summary>\n<ol>\n"
        for step in record.steps {
            html += "<li\(step.passed ? "" : " class=\"failed\"")><a href=\"#step-\(step.number)\">"
            html += "\(step.passed ? "" : "✗ ")\(HTMLText.escape(step.command))</a></li>\n"
        }
        html += "</ol>\n</details>\n"
        return html
    }

    static func step(_ step: StepRecord, records: SharedRecordsLayout) -> String {
        let id = "step-\(step.number)"
        var html = "<section class=\"step\(step.passed ? "" : " failed")\" id=\"\(id)\" aria-labelledby=\"\(id)-h\">\n"
        html += "<div class=\"step-head\"><h2 id=\"\(id)-h\">Step \(step.number)"
        if !step.passed { html += " <span class=\"badge fail\">FAILED</span>" }
        html += "</h2><code class=\"command\">\(HTMLText.escape(step.command))</code>"
        if let location = step.location { html += "<span class=\"location\">\(HTMLText.escape(location))</span>" }
        html += "</div>\n"
        if !step.notes.isEmpty {
            html += "<ul class=\"notes\">" + step.notes.map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ul>\n"
        }
        if !step.remarks.isEmpty {
            html +=
                "<ul class=\"remarks\">" + step.remarks.map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ul>\n"
        }
        html += "<div class=\"panes\">\n"
        for phone in Phone.allCases {
            html += "<div class=\"pane pane-\(phone.rawValue)\">\n"
            html += PhoneFrame.html(
                phone, state: step.phone(phone), device: step.device, acted: step.actor == phone, step: step.number)
            html += expectations(step.expectations.filter { $0.concern == .phone(phone) })
            html += "</div>\n"
        }
        html += "<div class=\"pane pane-world\">\n"
        if let output = step.output {
            html += "<h3>Output</h3>\n<pre class=\"output\">\(HTMLText.escape(output))</pre>\n"
        }
        let world = step.expectations.filter { $0.concern == .world }
        if !world.isEmpty {
            html += "<h3>World expectations</h3>\n"
            html += expectations(world)
        }
        html += SharedRecordsTable.html(step.records, layout: records, step: step.number)
        html += "</div>\n</div>\n"
        html += journal(step.journal)
        html += "</section>\n"
        return html
    }

    static func expectations(_ records: [ExpectationRecord]) -> String {
        guard !records.isEmpty else { return "" }
        var html = "<ul class=\"expectations\">\n"
        for record in records {
            html += "<li class=\"expectation\(record.passed ? "" : " failed")\">"
            html += "<span class=\"mark\" aria-hidden=\"true\">\(record.passed ? "✓" : "✗")</span> "
            html += "<span class=\"sr-only\">\(record.passed ? "passed:" : "failed:")</span> "
            html += "<code>\(HTMLText.escape(record.source))</code>"
            if !record.passed {
                html += "<dl>"
                if let expected = record.expected { html += "<dt>expected</dt><dd>\(HTMLText.escape(expected))</dd>" }
                if let found = record.found { html += "<dt>found</dt><dd>\(HTMLText.escape(found))</dd>" }
                html += "</dl>"
            }
            html += "</li>\n"
        }
        html += "</ul>\n"
        return html
    }

    static func journal(_ lines: [JournalLine]) -> String {
        guard !lines.isEmpty else { return "" }
        var html =
            "<details class=\"journal\"><summary>Journal: \(lines.count) event\(lines.count == 1 ? "" : "s")</summary>\n<ol>\n"
        for line in lines {
            html += "<li value=\"\(line.seq)\">\(HTMLText.escape(line.app)) \(HTMLText.escape(line.event)) "
            html += "\(HTMLText.escape(line.text))</li>\n"
        }
        html += "</ol>\n</details>\n"
        return html
    }

    static func end(_ record: ScenarioRecord) -> String {
        var html =
            "<section class=\"end\" id=\"end\" aria-labelledby=\"end-h\">\n<h2 id=\"end-h\">End of the run</h2>\n"
        if let audit = record.audit {
            html += "<div class=\"summary-box\(audit.passed ? "" : " failed")\">\n<h3>Audit "
            html += audit.passed ? "<span class=\"badge pass\">PASS</span>" : "<span class=\"badge fail\">FAIL</span>"
            html += "</h3>\n<p>\(HTMLText.escape(audit.summary))</p>\n"
            if !audit.violations.isEmpty {
                html += "<ul>" + audit.violations.map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ul>\n"
            }
            html += "</div>\n"
        } else {
            html += "<p>The audit did not run: the run stopped before its end.</p>\n"
        }
        html += "<h3>Sequence diagram</h3>\n"
        html += SequenceChartSVG.figure(record.sequence, id: "sequence", title: "Sequence diagram of \(record.name)")
        html += "</section>\n"
        return html
    }
}
