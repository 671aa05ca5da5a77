import Testing

@testable import Scenarios

/// A scenario skipped on the run's platform, as the JUnit report shows it.
@Test func theJUnitReportNamesThePlatformAndMarksASkippedScenario() throws {
    let scenario = try ScenarioParser.parse(text: "platforms: android\nnote a\n", file: "dir/A01-x.scenario")
    let reason = try #require(scenario.skipReason(on: .ios))
    let skipped = ScenarioResult(skipped: scenario, reason: reason)
    #expect(skipped.name == "A01-x" && skipped.skipped && !skipped.passed)
    let xml = JUnitReport.xml([(file: scenario.file, outcome: .ran(skipped))], platform: .android)
    #expect(xml.contains("<testsuite name=\"scenarios\" tests=\"1\" failures=\"0\" skipped=\"1\""))
    #expect(xml.contains("<property name=\"platform\" value=\"android\"/>"))
    #expect(
        xml.contains(
            "<testcase classname=\"scenarios\" name=\"A01-x\" time=\"0.0\">\n    <skipped message=\"runs on android only\"/>"
        ))
}
