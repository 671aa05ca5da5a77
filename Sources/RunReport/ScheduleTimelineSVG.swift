/// Draws a race schedule as a two-lane timeline: lane a on the left, lane b on the right, one row
/// per scheduling decision in order, a dot in the lane that went on, labelled with the point it went
/// on from. A line joins the dots, so each switch from one lane to the other is a diagonal.
enum ScheduleTimelineSVG {
    static let laneWidth = 360
    static let rowHeight = 30
    static let headerHeight = 64

    static func svg(_ schedule: [SchedulePoint], lanes: [String], id: String, title: String) -> String {
        let laneIDs = ["a", "b"]
        let width = laneWidth * 2 + 20
        let height = headerHeight + max(schedule.count, 1) * rowHeight + 12
        func centre(_ lane: String) -> Int { lane == "b" ? 10 + laneWidth + 28 : 10 + 28 }
        var svg = "<svg class=\"timeline\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\""
        svg += " width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        svg += "<title id=\"\(id)-title\">\(HTMLText.escape(title))</title>\n"
        let switches = zip(schedule, schedule.dropFirst()).filter { $0.lane != $1.lane }.count
        svg +=
            "<desc id=\"\(id)-desc\">\(schedule.count) scheduling decisions, \(switches) switches between lanes; the same decisions are listed as text below the drawing.</desc>\n"
        for (index, lane) in laneIDs.enumerated() {
            let left = 10 + index * laneWidth
            let script = index < lanes.count ? lanes[index] : ""
            svg += "<g class=\"lane\" data-lane=\"\(lane)\">"
            svg += "<rect x=\"\(left)\" y=\"4\" width=\"\(laneWidth - 8)\" height=\"\(height - 8)\" rx=\"8\""
            svg += " fill=\"\(index == 0 ? "#fff7ed" : "#f5f3ff")\" stroke=\"\(index == 0 ? "#d9480f" : "#6741d9")\"/>"
            svg += "<text class=\"lane-name\" x=\"\(left + 12)\" y=\"24\">Lane \(lane)</text>"
            svg += "<text x=\"\(left + 12)\" y=\"44\">"
            svg += "\(HTMLText.escape(SequenceChartSVG.shortened(script, width: laneWidth - 30)))<title>"
            svg += "\(HTMLText.escape(script))</title></text>"
            svg +=
                "<line x1=\"\(centre(lane))\" y1=\"\(headerHeight - 6)\" x2=\"\(centre(lane))\" y2=\"\(height - 10)\""
            svg += " stroke=\"#9ca3af\" stroke-dasharray=\"3 4\"/></g>\n"
        }
        if schedule.count > 1 {
            let points = schedule.enumerated().map {
                "\(centre($0.element.lane)),\(headerHeight + $0.offset * rowHeight + 10)"
            }
            svg += "<polyline class=\"handoffs\" points=\"\(points.joined(separator: " "))\" fill=\"none\""
            svg += " stroke=\"#6b7280\" stroke-width=\"1.2\"/>\n"
        }
        for (index, point) in schedule.enumerated() {
            let y = headerHeight + index * rowHeight + 10
            let x = centre(point.lane)
            let colour = point.lane == "b" ? "#6741d9" : "#d9480f"
            svg += "<g class=\"point\" data-lane=\"\(HTMLText.escape(point.lane))\">"
            svg += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"7\" fill=\"\(colour)\"/>"
            svg += "<text x=\"\(x + 14)\" y=\"\(y + 4)\">\(index + 1). "
            svg += "\(HTMLText.escape(SequenceChartSVG.shortened(point.point, width: laneWidth - 70)))</text>"
            svg +=
                "<title>\(index + 1). lane \(HTMLText.escape(point.lane)) goes on from \(HTMLText.escape(point.point))</title></g>\n"
        }
        svg += "</svg>\n"
        return svg
    }

    /// The drawing in its scrolling box and the decisions as an ordered list.
    static func figure(_ schedule: [SchedulePoint], lanes: [String], id: String, title: String) -> String {
        guard !schedule.isEmpty else { return "<p>The scheduler took no decision.</p>\n" }
        var html = "<div class=\"diagram\">\n\(svg(schedule, lanes: lanes, id: id, title: title))</div>\n"
        html +=
            "<details class=\"as-text\"><summary>The schedule as text (\(schedule.count) decisions)</summary>\n<ol>\n"
        for point in schedule {
            html += "<li>lane \(HTMLText.escape(point.lane)) goes on from \(HTMLText.escape(point.point))</li>\n"
        }
        html += "</ol>\n</details>\n"
        return html
    }
}
