import Foundation
import Testing

@testable import RunReport

@Suite struct IndexAndRacePageTests {
    @Test func theIndexListsEveryScenarioWithResultDurationTagsAndItsFailingStep() {
        let rows = [
            IndexPage.Row(entry: .ran(ReportSamples.scenario(tags: ["lock", "ring"])), page: "a.html"),
            IndexPage.Row(entry: .ran(ReportSamples.scenario(failing: true)), page: "b.html"),
            IndexPage.Row(
                entry: .malformed(file: "c.scenario", message: "c.scenario:2: unknown expectation 'x'"), page: nil),
        ]
        let html = IndexPage.html(rows)
        #expect(html.contains("<h1>Scenario run: 1 passed, 2 failed</h1>"))
        #expect(html.contains("<a href=\"a.html\">07-ring-deletes</a>"))
        #expect(html.contains("<span class=\"tag\">lock</span><span class=\"tag\">ring</span>"))
        #expect(html.contains("<td class=\"num\">0.43 s</td>"))
        #expect(
            html.contains(
                "<a href=\"b.html#step-2\">Step 2</a>: <code>expect ring title &quot;Wrong title&quot;</code>"))
        #expect(html.contains("<span class=\"badge malformed\">MALFORMED</span>"))
        #expect(html.contains("unknown expectation &#39;x&#39;"))
    }

    @Test func theIndexNamesThePlatformAndShowsASkippedScenarioWithItsReason() {
        let rows = [
            IndexPage.Row(entry: .ran(ReportSamples.scenario()), page: "a.html"),
            IndexPage.Row(
                entry: .skipped(
                    name: "A01-provider", title: "Ring's content provider", tags: ["android"],
                    reason: "runs on android only"), page: nil),
        ]
        let html = IndexPage.html(rows, platform: "Android")
        #expect(html.contains("<h1>Scenario run: 1 passed, 0 failed, 1 skipped</h1>"))
        #expect(html.contains("<li>Platform <strong>Android</strong></li>"))
        #expect(html.contains("<tr data-result=\"skipped\"><td class=\"wrap\">A01-provider</td>"))
        #expect(html.contains("<span class=\"badge skipped\">SKIP</span>"))
        #expect(html.contains("<td class=\"wrap\">runs on android only</td>"))
        #expect(!html.contains("href=\"A01-provider"))
        #expect(IndexPage.html(Array(rows.prefix(1))).contains("<li>Platform <strong>iOS</strong></li>"))
    }

    @Test func theRacePageShowsTheOutcomeTableAndEachCaseWithTimelineAndDiagram() {
        let html = RacePage.html(ReportSamples.race)
        #expect(html.contains("<table class=\"outcomes\">"))
        #expect(html.contains("<td class=\"num\">15</td>"))
        #expect(html.contains("<a href=\"#iteration-7\">drawn below</a>"))
        #expect(html.contains("5 iterations failed; the schedule of the first is drawn below."))
        #expect(html.contains("<section class=\"race-case failed\" id=\"iteration-7\""))
        #expect(html.contains("<svg class=\"timeline\" role=\"img\""))
        #expect(html.contains("<svg class=\"sequence\" role=\"img\""))
        #expect(html.contains("--iterations 1 --seed 8"))
        #expect(!html.contains("<details open"))
        #expect(!html.lowercased().contains("http:") && !html.lowercased().contains("https:"))
    }

    @Test func durationsFormatToHundredths() {
        #expect(HTMLText.seconds(0.4321) == "0.43 s")
        #expect(HTMLText.seconds(12.005) == "12.01 s" || HTMLText.seconds(12.005) == "12.00 s")
        #expect(HTMLText.seconds(3) == "3.00 s")
    }
}
