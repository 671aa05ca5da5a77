import Testing

@testable import RunReport

@Suite struct SequenceChartSVGTests {
    @Test func theDiagramHasOneLanePerParticipantAndOneRowPerItem() {
        let svg = SequenceChartSVG.svg(ReportSamples.chart, id: "d", title: "Sequence")
        #expect(ReportSamples.count("<g class=\"lane\"", in: svg) == 4)
        for lane in ["Bitkit", "Shared group", "Pubky Ring", "Backend"] {
            #expect(svg.contains(">\(lane)</text>"))
        }
        #expect(ReportSamples.count("<g class=\"item message\"", in: svg) == 2)
        #expect(ReportSamples.count("<g class=\"item note\"", in: svg) == 2)
        #expect(svg.contains("data-from=\"B\" data-to=\"S\""))
        #expect(svg.contains("data-over=\"B,R\""))
    }

    @Test func theDiagramNamesItselfForScreenReadersAndNeedsNoNamespace() {
        let svg = SequenceChartSVG.svg(ReportSamples.chart, id: "d", title: "Sequence of 07")
        #expect(svg.hasPrefix("<svg class=\"sequence\" role=\"img\" aria-labelledby=\"d-title d-desc\""))
        #expect(svg.contains("<title id=\"d-title\">Sequence of 07</title>"))
        #expect(svg.contains("<desc id=\"d-desc\">4 events between Bitkit, Shared group, Pubky Ring and Backend"))
        #expect(!svg.contains("xmlns"))
        #expect(!svg.contains("<script"))
    }

    @Test func aLongMessageIsShortenedInTheDrawingAndKeptWholeInItsTitleAndTheTextList() {
        let long = "read " + String(repeating: "x", count: 200)
        let chart = SequenceChart(
            participants: ReportSamples.chart.participants, items: [.message(from: "B", to: "S", text: long)])
        let figure = SequenceChartSVG.figure(chart, id: "d", title: "t")
        #expect(figure.contains("<title>\(long)</title>"))
        #expect(figure.contains("…</text>"))
        #expect(figure.contains("<li>Bitkit → Shared group: \(long)</li>"))
    }

    @Test func anEmptyChartSaysSoInsteadOfDrawing() {
        let figure = SequenceChartSVG.figure(
            SequenceChart(participants: ReportSamples.chart.participants), id: "d", title: "t")
        #expect(figure == "<p>No cross-app events were recorded.</p>\n")
    }

    @Test func theTimelineHasTwoLanesAndADotPerDecisionInTheLaneThatWentOn() {
        let schedule = [
            "a:start", "b:start", "b:bitkit.source-check.before-lookup", "a:ring.setOwned.between-delete-and-add",
        ]
        .map(SchedulePoint.init(trace:))
        let svg = ScheduleTimelineSVG.svg(
            schedule, lanes: ["ring relaunch", "bitkit foreground"], id: "t", title: "Schedule")
        #expect(svg.contains("<g class=\"lane\" data-lane=\"a\">"))
        #expect(svg.contains("<g class=\"lane\" data-lane=\"b\">"))
        #expect(ReportSamples.count("<g class=\"point\" data-lane=\"a\">", in: svg) == 2)
        #expect(ReportSamples.count("<g class=\"point\" data-lane=\"b\">", in: svg) == 2)
        #expect(svg.contains(">3. bitkit.source-check.before-lookup</text>"))
        #expect(svg.contains(">ring relaunch<title>"))
        #expect(svg.contains("4 scheduling decisions, 2 switches between lanes"))
        #expect(svg.contains("<polyline class=\"handoffs\""))
    }

    @Test func aTraceEntrySplitsIntoLaneAndPoint() {
        #expect(
            SchedulePoint(trace: "b:bitkit.pick.before-read")
                == SchedulePoint(lane: "b", point: "bitkit.pick.before-read"))
        #expect(SchedulePoint(trace: "a:x:y") == SchedulePoint(lane: "a", point: "x:y"))
        #expect(SchedulePoint(trace: "odd") == SchedulePoint(lane: "?", point: "odd"))
    }
}
