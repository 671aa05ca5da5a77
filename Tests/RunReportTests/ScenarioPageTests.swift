import AppSupport
import Foundation
import Testing

@testable import RunReport

@Suite struct ScenarioPageTests {
    @Test func everyStepShowsBothPhonesBitkitFirstWithTheActingAppOutlined() {
        let html = ScenarioPage.html(ReportSamples.scenario())
        #expect(ReportSamples.count("<section class=\"step", in: html) == 2)
        #expect(ReportSamples.count("<figure class=\"phone ", in: html) == 4)
        let bitkit = html.range(of: "<figure class=\"phone phone-bitkit acted\"")
        let ring = html.range(of: "<figure class=\"phone phone-ring\"")
        #expect(bitkit != nil && ring != nil)
        if let bitkit, let ring { #expect(bitkit.lowerBound < ring.lowerBound) }
        #expect(html.contains("acted in this step"))
        #expect(html.contains("last screen, from step 1"))
    }

    @Test func aScreenShowsStatusLineTitleTextsRowsPillsButtonsSheetAndToasts() {
        let html = ScenarioPage.html(ReportSamples.scenario())
        #expect(html.contains("<span class=\"lock lock-locked\">Locked</span>"))
        #expect(html.contains("<p class=\"screen-title\">Enter the<br>freedom web</p>"))
        #expect(html.contains("<p class=\"screen-text\">Use an existing pubky from Pubky Ring.</p>"))
        #expect(html.contains("<div class=\"row-caption\">TKRQ...P7QY</div>"))
        #expect(html.contains("<span class=\"pill\">Signed up</span>"))
        #expect(html.contains("<li class=\"row dashed\" data-id=\"offer_1\">"))
        #expect(html.contains("data-id=\"PubkyChoiceCreate\">Create new pubky</span>"))
        #expect(html.contains("<div class=\"sheet\" role=\"dialog\" aria-label=\"Sheet: Delete Pubky\""))
        #expect(html.contains("<li class=\"toast toast-error\"><span class=\"toast-kind\">error</span>"))
        #expect(html.contains("<li class=\"toast toast-success\">"))
        #expect(html.contains("home › pubkyChoice"))
    }

    @Test func aFailedExpectationSitsUnderTheScreenItConcernsWithExpectedAndFound() throws {
        let html = ScenarioPage.html(ReportSamples.scenario(failing: true))
        let step = try #require(html.range(of: "<section class=\"step failed\" id=\"step-2\""))
        let ringPane = try #require(
            html.range(of: "<div class=\"pane pane-ring\">", range: step.upperBound..<html.endIndex))
        let worldPane = try #require(
            html.range(of: "<div class=\"pane pane-world\">", range: ringPane.upperBound..<html.endIndex))
        let pane = String(html[ringPane.upperBound..<worldPane.lowerBound])
        #expect(pane.contains("<li class=\"expectation failed\">"))
        #expect(pane.contains("<dt>expected</dt><dd>.title = &quot;Wrong title&quot;</dd>"))
        #expect(pane.contains("<dt>found</dt><dd>.title = &quot;Pubky Ring&quot;</dd>"))
        #expect(html.contains("Failed at <a href=\"#step-2\">step 2</a>"))
        // Expectations on the world go with the keychain table, not under a phone.
        let world = String(html[worldPane.upperBound...])
        #expect(world.contains("expect records app.pubkyring:{A}"))
    }

    @Test func theKeychainTableMarksChangesAndNeverShowsTheSecret() {
        var record = ReportSamples.scenario()
        let html = ScenarioPage.html(record)
        #expect(html.contains("<tr class=\"change-added\" data-change=\"added\"><td class=\"change\">+ added</td>"))
        #expect(
            html.contains("<tr class=\"change-removed\" data-change=\"removed\"><td class=\"change\">− removed</td>"))
        #expect(html.contains("When<wbr>Unlocked<wbr>This<wbr>Device<wbr>Only"))
        #expect(html.contains("hidden, 64 bytes"))
        #expect(html.contains("<caption>Shared keychain group after step 1</caption>"))
        #expect(html.contains("<th scope=\"col\">Account</th><th scope=\"col\">Owner prefix</th>"))
        // A secret quoted anywhere (here: a found value) is hidden on the page.
        record.steps[0].expectations[0].found = "data = [\"\(ReportSamples.secretA)\"]"
        record.steps[0].expectations[0].passed = false
        let redacted = ScenarioPage.html(record)
        #expect(!redacted.contains(ReportSamples.secretA))
        #expect(redacted.contains(Redactor.replacement))
    }

    @Test func journalEventsAreCollapsedByDefault() {
        let html = ScenarioPage.html(ReportSamples.scenario())
        #expect(html.contains("<details class=\"journal\"><summary>Journal: 1 event</summary>"))
        #expect(!html.contains("<details open"))
        #expect(html.contains("<li value=\"41\">bitkit keychain copy \(ReportSamples.accountA) status 0</li>"))
    }

    @Test func theEndShowsTheAuditAndTheSequenceDiagramAsInlineSVG() {
        let html = ScenarioPage.html(ReportSamples.scenario())
        #expect(html.contains("<h2 id=\"end-h\">End of the run</h2>"))
        #expect(html.contains("6 invariants hold over 40 journal entries."))
        #expect(html.contains("<svg class=\"sequence\" role=\"img\""))
        #expect(html.contains("The diagram as text (4 events)"))
    }

    @Test func everyTextIsEscaped() {
        var record = ReportSamples.scenario()
        record.title = "<script>alert('x')</script>"
        record.steps[0].command = "bitkit paste \"<b>&</b>\""
        record.steps[0].bitkit.screen?.title = "<img src=x>"
        let html = ScenarioPage.html(record)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(html.contains("bitkit paste &quot;&lt;b&gt;&amp;&lt;/b&gt;&quot;"))
    }

    @Test func aPageIsSelfContainedWithNoScriptNoWebAddressAndAPrintStyle() {
        var record = ReportSamples.scenario()
        record.steps[0].remarks.append(
            "= LINK = pubkyauth://signin?relay=https://httprelay.pubky.app/inbox&secret=AhDMGz2Er3dX")
        let html = ScenarioPage.html(record)
        #expect(!html.contains("<script"))
        #expect(!html.lowercased().contains("http:"))
        #expect(!html.lowercased().contains("https:"))
        #expect(html.contains("https&#58;//httprelay.pubky.app/inbox"))
        #expect(!html.contains("AhDMGz2Er3dX"))
        #expect(!html.contains("xmlns"))
        #expect(!html.contains("src="))
        #expect(html.contains("@media print"))
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    }

    @Test func theSameRecordGivesTheSamePage() {
        #expect(
            ScenarioPage.html(ReportSamples.scenario(failing: true))
                == ScenarioPage.html(ReportSamples.scenario(failing: true)))
    }

    @Test func theRunFolderIsShownAsRunSoPagesDoNotDependOnTemporaryPaths() {
        var record = ReportSamples.scenario()
        record.runFolder = "/tmp/scenario-1234"
        record.steps[0].journal[0].text = "world-init /tmp/scenario-1234/world"
        let html = ScenarioPage.html(record)
        #expect(!html.contains("/tmp/scenario-1234"))
        #expect(html.contains("world-init ‹run›/world"))
    }

    @Test func aPhoneThatShowedNothingYetSaysSo() {
        var record = ReportSamples.scenario()
        record.steps[0].ring = PhoneState()
        let html = ScenarioPage.html(record)
        #expect(html.contains("Pubky Ring has shown no screen yet."))
    }

    @Test func theSharedRecordsTableSpeaksThePlatformsWordsAndSaysWhenNothingIsShared() {
        var record = ReportSamples.scenario()
        record.records = SharedRecordsLayout(
            place: "Content providers", recordHeading: "Record", ownerHeading: "Package", detailHeading: "Authority",
            detailKey: "authority", empty: "No provider serves a record.")
        record.steps[0].records = [
            SharedRecordRow(
                record: ReportSamples.accountA, owner: "app.pubkyring",
                detail: "app.pubkyring.sharedpubky", byteCount: 64, change: .added)
        ]
        record.steps[1].records = []
        let html = ScenarioPage.html(record)
        #expect(html.contains("<caption>Content providers after step 1</caption>"))
        #expect(html.contains("<th scope=\"col\">Record</th><th scope=\"col\">Package</th>"))
        #expect(html.contains("<td>app.pubkyring.sharedpubky</td>"))
        #expect(html.contains("<td colspan=\"5\">No provider serves a record.</td>"))
        #expect(!html.contains("The group holds no record."))
    }
}
