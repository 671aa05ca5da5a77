/// Draws a `SequenceChart` as inline SVG: one lifeline per participant, one row per message or note,
/// in order. No script and no namespace attribute (inline SVG in HTML5 needs none). Texts too long
/// for their row are shortened, with the whole text in the row's `<title>`; the page lists every
/// item as text next to the drawing as well, for screen readers and for copying.
enum SequenceChartSVG {
    static let padding = 16
    static let boxWidth = 200
    static let laneGap = 232
    static let headerHeight = 38
    static let rowHeight = 30
    /// Average advance of a 12 px DejaVu Sans character, to decide where to shorten.
    static let characterWidth = 6.8

    static let laneColours = ["#d9480f", "#6b7280", "#6741d9", "#0f766e", "#374151"]

    /// `id` makes the title/description ids unique on a page holding several diagrams.
    static func svg(_ chart: SequenceChart, id: String, title: String) -> String {
        let lanes = chart.participants
        guard !lanes.isEmpty else { return "" }
        let centres = Dictionary(
            lanes.enumerated().map { ($0.element.id, padding + boxWidth / 2 + $0.offset * laneGap) },
            uniquingKeysWith: { first, _ in first })
        let width = padding * 2 + boxWidth + (lanes.count - 1) * laneGap
        let top = headerHeight + 26
        let height = top + chart.items.count * rowHeight + 10
        var svg = "<svg class=\"sequence\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\""
        svg += " width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        svg += "<title id=\"\(id)-title\">\(HTMLText.escape(title))</title>\n"
        let names = lanes.map(\.name)
        let laneList =
            names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "") : names.joined()
        svg +=
            "<desc id=\"\(id)-desc\">\(chart.items.count) events between \(HTMLText.escape(laneList)), top to bottom; the same events are listed as text below the drawing.</desc>\n"
        for (index, lane) in lanes.enumerated() {
            let x = centres[lane.id] ?? 0
            let colour = laneColours[index % laneColours.count]
            svg += "<g class=\"lane\" data-lane=\"\(HTMLText.escape(lane.id))\">"
            svg += "<line x1=\"\(x)\" y1=\"\(headerHeight)\" x2=\"\(x)\" y2=\"\(height - 4)\" stroke=\"\(colour)\""
            svg += " stroke-width=\"1.5\" stroke-dasharray=\"4 4\"/>"
            svg +=
                "<rect x=\"\(x - boxWidth / 2)\" y=\"6\" width=\"\(boxWidth)\" height=\"\(headerHeight - 8)\" rx=\"6\""
            svg += " fill=\"#fff\" stroke=\"\(colour)\" stroke-width=\"2\"/>"
            svg += "<text class=\"lane-name\" x=\"\(x)\" y=\"\(headerHeight / 2 + 8)\" text-anchor=\"middle\">"
            svg += "\(HTMLText.escape(lane.name))</text></g>\n"
        }
        for (index, item) in chart.items.enumerated() {
            let y = top + index * rowHeight
            switch item {
            case .message(let from, let to, let text):
                let x1 = centres[from] ?? 0
                let x2 = centres[to] ?? 0
                let span = max(abs(x2 - x1), 40)
                let direction = x2 >= x1 ? 1 : -1
                svg +=
                    "<g class=\"item message\" data-from=\"\(HTMLText.escape(from))\" data-to=\"\(HTMLText.escape(to))\">"
                svg += "<title>\(HTMLText.escape(text))</title>"
                svg +=
                    "<line x1=\"\(x1)\" y1=\"\(y)\" x2=\"\(x2 - direction * 8)\" y2=\"\(y)\" stroke=\"#1d1d1f\" stroke-width=\"1.4\"/>"
                svg +=
                    "<polygon points=\"\(x2),\(y) \(x2 - direction * 9),\(y - 4) \(x2 - direction * 9),\(y + 4)\" fill=\"#1d1d1f\"/>"
                svg += "<text x=\"\((x1 + x2) / 2)\" y=\"\(y - 6)\" text-anchor=\"middle\">"
                svg += "\(HTMLText.escape(shortened(text, width: span - 12)))</text></g>\n"
            case .note(let over, let text):
                // A note takes its lanes' whole width (up to the middle between lanes), so its text
                // is shortened as little as possible.
                let xs = over.compactMap { centres[$0] }
                let left = (xs.min() ?? padding + boxWidth / 2) - laneGap / 2 + 8
                let right = (xs.max() ?? padding + boxWidth / 2) + laneGap / 2 - 8
                svg += "<g class=\"item note\" data-over=\"\(HTMLText.escape(over.joined(separator: ",")))\">"
                svg += "<title>\(HTMLText.escape(text))</title>"
                svg += "<rect x=\"\(left)\" y=\"\(y - 17)\" width=\"\(right - left)\" height=\"22\" rx=\"3\""
                svg += " fill=\"#fff8c5\" stroke=\"#b08800\"/>"
                svg += "<text x=\"\((left + right) / 2)\" y=\"\(y - 2)\" text-anchor=\"middle\">"
                svg += "\(HTMLText.escape(shortened(text, width: right - left - 10)))</text></g>\n"
            }
        }
        svg += "</svg>\n"
        return svg
    }

    /// The text, cut to what fits `width` pixels, with an ellipsis when cut.
    static func shortened(_ text: String, width: Int) -> String {
        let capacity = max(4, Int(Double(width) / characterWidth))
        guard text.count > capacity else { return text }
        return String(text.prefix(capacity - 1)) + "…"
    }

    /// The items as sentences, in order: the text alternative shown below the drawing.
    static func sentences(_ chart: SequenceChart) -> [String] {
        let names = Dictionary(chart.participants.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return chart.items.map { item in
            switch item {
            case .message(let from, let to, let text):
                return "\(names[from] ?? from) → \(names[to] ?? to): \(text)"
            case .note(let over, let text):
                return "Note over \(over.map { names[$0] ?? $0 }.joined(separator: ", ")): \(text)"
            }
        }
    }

    /// The drawing in its scrolling box, followed by its text alternative, collapsed.
    static func figure(_ chart: SequenceChart, id: String, title: String) -> String {
        guard !chart.items.isEmpty else {
            return "<p>No cross-app events were recorded.</p>\n"
        }
        var html = "<div class=\"diagram\">\n\(svg(chart, id: id, title: title))</div>\n"
        html +=
            "<details class=\"as-text\"><summary>The diagram as text (\(chart.items.count) events)</summary>\n<ol>\n"
        for sentence in sentences(chart) { html += "<li>\(HTMLText.escape(sentence))</li>\n" }
        html += "</ol>\n</details>\n"
        return html
    }
}
