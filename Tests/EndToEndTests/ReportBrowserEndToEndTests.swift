import Foundation
import Testing

/// The report opened in a real browser (headless Chromium): what a person sees, not only what the
/// files hold. Serialized: each test starts a browser, and the machine has two cores.
@Suite(.serialized, .enabled(if: Chromium.shouldRun, "Chromium is not installed (scripts/bootstrap --browser)"))
struct ReportBrowserEndToEndTests {
    /// Measures one report page from inside the browser; `doc` is the page's document.
    static let pageProbe = """
        var r = { steps: 0, sideBySide: 0, titles: 0, emptyScreens: 0, tables: 0, problems: [] };
        var steps = doc.querySelectorAll('section.step');
        r.steps = steps.length;
        for (var i = 0; i < steps.length; i++) {
          var phones = steps[i].querySelectorAll('figure.phone');
          if (phones.length !== 2 || phones[0].dataset.app !== 'bitkit' || phones[1].dataset.app !== 'ring') {
            r.problems.push(steps[i].id + ': phones ' + phones.length); continue;
          }
          var a = phones[0].getBoundingClientRect(), b = phones[1].getBoundingClientRect();
          if (a.width > 200 && b.width > 200 && Math.abs(a.top - b.top) < 2 && a.right <= b.left) r.sideBySide++;
          for (var p = 0; p < 2; p++) {
            var title = phones[p].querySelector('.screen-title');
            if (title && title.textContent.trim().length > 0 && title.getBoundingClientRect().height > 0) r.titles++;
            if (phones[p].querySelector('.empty-screen')) r.emptyScreens++;
          }
          var table = steps[i].querySelector('table.keychain');
          if (table && table.getBoundingClientRect().height > 0) r.tables++;
          var journal = steps[i].querySelector('details.journal');
          if (journal && journal.open) r.problems.push(steps[i].id + ': journal open');
        }
        var svg = doc.querySelector('svg.sequence');
        r.lanes = svg ? svg.querySelectorAll('g.lane').length : 0;
        r.items = svg ? svg.querySelectorAll('g.item').length : 0;
        r.svgWidth = svg ? svg.getBoundingClientRect().width : 0;
        r.svgLabel = svg ? (doc.getElementById(svg.getAttribute('aria-labelledby').split(' ')[0]) || {}).textContent : null;
        r.audit = !!doc.querySelector('#end .badge.pass');
        r.overflow = doc.documentElement.scrollWidth - doc.documentElement.clientWidth;
        return r;
        """

    @Test func everyCataloguePageShowsTwoPhonesPerStepWithTitlesTheKeychainAndTheDiagram() throws {
        let (folder, run) = try ReportRuns.catalogue.get()
        #expect(run.status == 0)
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".html") && $0 != "index.html"
        }.sorted()
        #expect(pages.count == ReportRuns.catalogueRuns.count)
        // One browser for all pages: a harness page (outside the report folder, which stays as the
        // tool wrote it) frames each report page at 1280 px and measures it.
        let frames = pages.map {
            "<iframe src=\"\(folder.appendingPathComponent($0).absoluteString)\" style=\"width:1280px;height:700px\"></iframe>"
        }.joined()
        let harness = ReportRuns.temporaryFolder("harness").appendingPathExtension("html")
        try "<!DOCTYPE html><html><head></head><body>\(frames)</body></html>".write(
            to: harness, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: harness) }
        let result = try Chromium.probe(
            harness, width: 1300,
            script: """
                var out = [];
                var frames = document.querySelectorAll('iframe');
                for (var f = 0; f < frames.length; f++) {
                  var doc = frames[f].contentDocument;
                  out.push(doc ? (function (doc) { \(Self.pageProbe) })(doc) : null);
                }
                return out;
                """)
        let measured = try #require(result as? [Any])
        #expect(measured.count == pages.count)
        var titled = 0
        for (page, value) in zip(pages, measured) {
            let r = try #require(value as? [String: Any], "\(page) was not measured")
            let steps = r["steps"] as? Int ?? 0
            #expect(steps >= 5, "\(page): \(steps) steps")
            #expect(
                r["sideBySide"] as? Int == steps,
                "\(page): phones side by side in \(r["sideBySide"] ?? 0) of \(steps) steps")
            #expect(r["tables"] as? Int == steps, "\(page): keychain tables")
            #expect((r["problems"] as? [Any])?.isEmpty == true, "\(page): \(r["problems"] ?? "")")
            #expect(r["lanes"] as? Int == 4, "\(page): diagram lanes")
            #expect((r["items"] as? Int ?? 0) > 0, "\(page): diagram items")
            #expect((r["svgWidth"] as? Double ?? 0) > 500, "\(page): diagram width")
            #expect((r["svgLabel"] as? String)?.hasPrefix("Sequence diagram of ") == true)
            #expect(r["audit"] as? Bool == true, "\(page): audit result")
            #expect((r["overflow"] as? Double ?? 1) <= 0, "\(page) scrolls sideways")
            titled += r["titles"] as? Int ?? 0
            // Every phone shows a screen title or says it has shown nothing yet, never a blank frame.
            #expect((r["titles"] as? Int ?? 0) + (r["emptyScreens"] as? Int ?? 0) >= steps, "\(page): titles")
        }
        #expect(titled > 1000)
    }

    @Test func anAndroidRunsPagesShowTheRecordsItsProvidersServeStepByStep() throws {
        let folder = ReportRuns.temporaryFolder("android-report")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ReportRuns.simctl([
            "scenario", "run", "Fixtures/scenarios/13-bitkit-profile-offered-in-ring.scenario", "--platform",
            "android", "--quiet", "--html", folder.path,
        ])
        #expect(run.status == 0, "\(run.stdout)")
        let result = try Chromium.probe(
            folder.appendingPathComponent("13-bitkit-profile-offered-in-ring.html"), width: 1280,
            script: """
                var steps = document.querySelectorAll('section.step');
                return Array.prototype.map.call(steps, function (step) {
                  var table = step.querySelector('table.keychain');
                  var rows = table ? table.querySelectorAll('tbody tr:not(.empty)') : [];
                  return { command: step.querySelector('code.command').textContent,
                    caption: table ? table.caption.textContent : null,
                    empty: table && table.querySelector('tr.empty') ? table.querySelector('tr.empty').textContent : null,
                    visible: table ? table.getBoundingClientRect().height > 0 : false,
                    rows: Array.prototype.map.call(rows, function (row) {
                      return Array.prototype.map.call(row.cells, function (cell) { return cell.textContent; }).join(' | ');
                    }) };
                });
                """)
        let steps = try #require(result as? [[String: Any]])
        #expect(steps.count > 10)
        let w = "to.bitkit.dev:aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy"
        let a = "app.pubkyring:tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy"
        for (index, step) in steps.enumerated() {
            #expect(step["caption"] as? String == "Content providers after step \(index + 1)")
            #expect(step["visible"] as? Bool == true, "step \(index + 1): table not shown")
            if let empty = step["empty"] as? String { #expect(empty == "No provider serves a record.") }
        }
        // Nothing is served until Bitkit saves its profile; from then on its provider serves W.
        let saved = try #require(steps.firstIndex { $0["command"] as? String == "bitkit save" })
        #expect(steps[..<saved].allSatisfy { ($0["rows"] as? [String])?.isEmpty == true })
        #expect(
            (steps[saved]["rows"] as? [String])
                == ["+ added | \(w) | to.bitkit.dev | to.bitkit.dev.sharedpubky | hidden, 64 bytes"])
        let last = try #require(steps.last?["rows"] as? [String])
        #expect(last.contains { $0.hasSuffix("| \(w) | to.bitkit.dev | to.bitkit.dev.sharedpubky | hidden, 64 bytes") })
        // Ring's imported A is served by Ring's provider, after W in Ring's fixed package order.
        #expect(last.contains { $0.contains("| \(a) | app.pubkyring | app.pubkyring.sharedpubky |") })
    }

    @Test func theIndexListsEveryScenarioAndLinksToItsPage() throws {
        let (folder, _) = try ReportRuns.catalogue.get()
        let result = try Chromium.probe(
            folder.appendingPathComponent("index.html"), width: 1280,
            script: """
                var rows = document.querySelectorAll('table.scenarios tbody tr');
                var links = document.querySelectorAll('table.scenarios tbody a');
                return { rows: rows.length, passed: document.querySelectorAll('tbody .badge.pass').length,
                  links: Array.prototype.map.call(links, function (a) { return a.getAttribute('href'); }) };
                """)
        let measured = try #require(result as? [String: Any])
        #expect(measured["rows"] as? Int == ReportRuns.catalogueRuns.count)
        #expect(measured["passed"] as? Int == ReportRuns.catalogueRuns.count)
        let links = measured["links"] as? [String] ?? []
        #expect(links.count == ReportRuns.catalogueRuns.count)
        for link in links {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(link).path), "\(link)")
        }
    }

    @Test func aFailedExpectationShowsNextToTheScreenItConcernsWithExpectedAndFound() throws {
        let folder = ReportRuns.temporaryFolder("failing-report")
        let scenario = ReportRuns.temporaryFolder("failing-scenario").appendingPathExtension("scenario")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: scenario)
        }
        try """
        title: A deliberately wrong expectation
        ring import --secret {A.secret}
        bitkit launch
        expect bitkit screen onboarding
        expect bitkit title "Welcome to Pubky Ring"
        note never reached
        """.write(to: scenario, atomically: true, encoding: .utf8)
        let run = try ReportRuns.simctl(["scenario", "run", scenario.path, "--html", folder.path])
        #expect(run.status == 1)
        let page = folder.appendingPathComponent(scenario.deletingPathExtension().lastPathComponent + ".html")
        let result = try Chromium.probe(
            page, width: 1280,
            script: """
                var step = document.querySelector('section.step.failed');
                if (!step) return { error: 'no failed step' };
                var failed = step.querySelector('.pane-bitkit li.expectation.failed');
                var phone = step.querySelector('.pane-bitkit figure.phone');
                var ring = step.querySelector('.pane-ring figure.phone');
                if (!failed || !phone) return { error: 'no failed expectation under the Bitkit phone' };
                var f = failed.getBoundingClientRect(), p = phone.getBoundingClientRect(), q = ring.getBoundingClientRect();
                var dts = failed.querySelectorAll('dt'), dds = failed.querySelectorAll('dd');
                return {
                  step: step.id,
                  text: failed.querySelector('code').textContent,
                  labels: Array.prototype.map.call(dts, function (d) { return d.textContent; }),
                  values: Array.prototype.map.call(dds, function (d) { return d.textContent; }),
                  underPhone: f.top >= p.bottom && f.top - p.bottom < 200 && f.left >= p.left - 1 && f.right <= p.right + 1,
                  besideRing: f.right <= q.left,
                  screenTitle: phone.querySelector('.screen-title').textContent,
                  summary: document.querySelector('#failure-h').textContent,
                  passedShown: step.querySelectorAll('li.expectation:not(.failed)').length
                };
                """)
        let measured = try #require(result as? [String: Any])
        #expect(measured["error"] == nil, "\(measured["error"] ?? "")")
        #expect(measured["step"] as? String == "step-3")
        #expect(measured["text"] as? String == "expect bitkit title \"Welcome to Pubky Ring\"")
        #expect(measured["labels"] as? [String] == ["expected", "found"])
        let values = measured["values"] as? [String] ?? []
        #expect(values.first?.contains("Welcome to Pubky Ring") == true, "\(values)")
        #expect(values.last?.contains("Welcome to Bitkit") == true, "\(values)")
        #expect(measured["underPhone"] as? Bool == true)
        #expect(measured["besideRing"] as? Bool == true)
        #expect(measured["screenTitle"] as? String == "Welcome to Bitkit")
        #expect(measured["summary"] as? String == "Failed at step 3")
        #expect(measured["passedShown"] as? Int == 1)
    }

    @Test func theRaceReportShowsTheOutcomeTableAndAFailingIterationsTimeline() throws {
        let folder = ReportRuns.temporaryFolder("race-report")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ReportRuns.simctl([
            "race", "--setup-file", "Fixtures/races/picked-ring-pubky.steps", "--a", "ring relaunch", "--b",
            "bitkit foreground", "--iterations", "20", "--seed", "1",
            "--expect", "expect bitkit state .reference.pubky = {A}",
            "--outcome", "bitkit-sim state :: .reference.pubky", "--html", folder.path,
        ])
        #expect(run.status == 1, "iteration 7 of seed 1 fails (Docs/races.md)")
        let page = folder.appendingPathComponent("index.html")
        let text = try String(contentsOf: page, encoding: .utf8).lowercased()
        #expect(!text.contains("http:") && !text.contains("https:"))
        let result = try Chromium.probe(
            page, width: 1280,
            script: """
                var rows = document.querySelectorAll('table.outcomes tbody tr');
                var failing = document.querySelector('section.race-case.failed');
                var timeline = failing && failing.querySelector('svg.timeline');
                var sequence = failing && failing.querySelector('svg.sequence');
                return {
                  rows: rows.length,
                  failRows: document.querySelectorAll('table.outcomes tr[data-result=fail]').length,
                  heading: failing ? failing.querySelector('h2').textContent : null,
                  lanes: timeline ? Array.prototype.map.call(timeline.querySelectorAll('g.lane'), function (g) { return g.dataset.lane; }) : [],
                  points: timeline ? timeline.querySelectorAll('g.point').length : 0,
                  pointsA: timeline ? timeline.querySelectorAll('g.point[data-lane=a]').length : 0,
                  pointsB: timeline ? timeline.querySelectorAll('g.point[data-lane=b]').length : 0,
                  timelineHeight: timeline ? timeline.getBoundingClientRect().height : 0,
                  sequenceLanes: sequence ? sequence.querySelectorAll('g.lane').length : 0,
                  replay: failing ? failing.querySelector('pre.replay').textContent : ''
                };
                """)
        let measured = try #require(result as? [String: Any])
        #expect(measured["rows"] as? Int == 2)
        #expect(measured["failRows"] as? Int == 1)
        #expect((measured["heading"] as? String)?.hasPrefix("Iteration 7 (seed 8)") == true)
        #expect(measured["lanes"] as? [String] == ["a", "b"])
        #expect((measured["pointsA"] as? Int ?? 0) > 0 && (measured["pointsB"] as? Int ?? 0) > 0)
        #expect((measured["timelineHeight"] as? Double ?? 0) > 100)
        #expect(measured["sequenceLanes"] as? Int == 4)
        #expect((measured["replay"] as? String)?.contains("--iterations 1 --seed 8") == true)
    }

    @Test func aPageStaysReadableAt200PercentZoom() throws {
        let (folder, _) = try ReportRuns.catalogue.get()
        // 200 % zoom in a 1280 px window lays the page out in 640 CSS pixels.
        let result = try Chromium.probe(
            folder.appendingPathComponent("07-ring-deletes-picked-bitkit-relaunches.html"), width: 640,
            script: """
                var phones = document.querySelectorAll('figure.phone');
                var clipped = 0;
                for (var i = 0; i < phones.length; i++) {
                  var r = phones[i].getBoundingClientRect();
                  if (r.left < 0 || r.right > document.documentElement.clientWidth) clipped++;
                }
                return {
                  overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
                  phones: phones.length, clipped: clipped,
                  fontSize: parseFloat(getComputedStyle(document.body).fontSize),
                  smallest: Math.min.apply(null, Array.prototype.map.call(document.querySelectorAll('.screen-text, td, .expectation'),
                    function (e) { return parseFloat(getComputedStyle(e).fontSize); }))
                };
                """)
        let measured = try #require(result as? [String: Any])
        #expect((measured["overflow"] as? Double ?? 1) <= 0, "the page scrolls sideways at 640 px")
        #expect((measured["phones"] as? Int ?? 0) > 10)
        #expect(measured["clipped"] as? Int == 0)
        #expect(measured["fontSize"] as? Double == 16)
        #expect((measured["smallest"] as? Double ?? 0) >= 12)
    }

    @Test func aPagePrintsToPDF() throws {
        let (folder, _) = try ReportRuns.catalogue.get()
        let pdf = ReportRuns.temporaryFolder("report").appendingPathExtension("pdf")
        defer { try? FileManager.default.removeItem(at: pdf) }
        _ = try Chromium.run([
            "--print-to-pdf=\(pdf.path)", "--no-pdf-header-footer",
            folder.appendingPathComponent("01-ring-pubkys-listed.html").absoluteString,
        ])
        let data = try #require(FileManager.default.contents(atPath: pdf.path))
        #expect(data.starts(with: Array("%PDF".utf8)))
        let text = String(decoding: data, as: UTF8.self)
        let pages = try NSRegularExpression(pattern: "/Type\\s*/Page[^s]").numberOfMatches(
            in: text, range: NSRange(text.startIndex..., in: text))
        #expect(pages > 1, "a report of several steps prints on several pages")
    }

    /// The rendering of one fixed scenario against the committed reference image. After an intended
    /// design change, regenerate it with
    /// `UPDATE_REPORT_REFERENCE=1 swift test --filter theReportLooksLikeItsReferenceImage` (Docs/reports.md).
    @Test func theReportLooksLikeItsReferenceImage() throws {
        let folder = ReportRuns.temporaryFolder("reference-report")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ReportRuns.simctl([
            "scenario", "run", "Fixtures/reports/report-reference.scenario", "--html", folder.path,
        ])
        #expect(run.status == 0, "\(run.stdout)")
        // Durations are the one part of a page that changes between runs.
        let page = folder.appendingPathComponent("report-reference.html")
        let fixed = folder.appendingPathComponent("report-reference-fixed.html")
        try ReportRuns.withoutDurations(try String(contentsOf: page, encoding: .utf8))
            .write(to: fixed, atomically: true, encoding: .utf8)
        let shot = try Chromium.screenshot(fixed, width: 1280, height: 3200)
        let reference = ReportRuns.repositoryRoot.appendingPathComponent("Fixtures/reports/report-reference.png")
        if ProcessInfo.processInfo.environment["UPDATE_REPORT_REFERENCE"] == "1" {
            try shot.write(to: reference)
            return
        }
        let expected = try PNGImage(data: try Data(contentsOf: reference))
        let actual = try PNGImage(data: shot)
        #expect(actual.width == 1280 && actual.height == 3200)
        // 8×8 blocks where a colour's mean moved by more than 32 of 255: antialiasing changes single
        // pixels, not a block's mean; a moved frame, a lost row or a toast in another colour changes
        // dozens of blocks (one toast is about 200 of the page's 64,000).
        let differing = try #require(actual.differingBlocks(from: expected, block: 8, threshold: 32))
        #expect(
            differing < 0.001,
            "\(String(format: "%.2f", differing * 100)) % of the page differs from the reference image (Fixtures/reports)"
        )
    }
}
