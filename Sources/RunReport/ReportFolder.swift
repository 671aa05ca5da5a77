import Foundation
import Synchronization

/// Writes a report into one folder: `index.html` and, for a scenario run, one page per scenario.
/// Pages link to each other by relative names only, so the folder can be moved, zipped or opened
/// from `file://`.
public struct ReportFolder: Sendable {
    public let url: URL

    public init(url: URL) { self.url = url }

    /// Writes the index of a run on `platform` (a display name) and one page per scenario that ran;
    /// returns the pages' file names in order (nil for a malformed file or a skipped scenario).
    @discardableResult
    public func writeScenarios(
        _ entries: [ScenarioReportEntry], platform: String = "iOS"
    ) throws(ReportError) -> [String?] {
        try create()
        let names = Self.pageNames(entries)
        let records: [(Int, ScenarioRecord)] = entries.enumerated().compactMap { index, entry in
            if case .ran(let record) = entry { return (index, record) }
            return nil
        }
        // Pages are independent: render them side by side.
        let pages = PageBox(count: records.count)
        DispatchQueue.concurrentPerform(iterations: records.count) { slot in
            pages.store(ScenarioPage.html(records[slot].1), at: slot)
        }
        for (slot, (index, _)) in records.enumerated() {
            guard let name = names[index] else { continue }
            try write(pages.page(at: slot), to: name)
        }
        let rows = zip(entries, names).map { IndexPage.Row(entry: $0, page: $1) }
        try write(IndexPage.html(rows, platform: platform), to: "index.html")
        return names
    }

    /// Writes a parity report: its index, a page per scenario with a differing row, and each platform's
    /// run report (`ios/`, `android/`, as `writeScenarios` writes them).
    public func writeParity(
        _ record: ParityRecord, ios: [ScenarioReportEntry], android: [ScenarioReportEntry]
    ) throws(ReportError) {
        try create()
        try ReportFolder(url: url.appendingPathComponent("ios", isDirectory: true)).writeScenarios(ios, platform: "iOS")
        try ReportFolder(url: url.appendingPathComponent("android", isDirectory: true)).writeScenarios(
            android, platform: "Android")
        let pages = Self.uniqueNames(
            record.scenarios.map { $0.differences.isEmpty ? nil : "parity-" + Self.safe($0.name) })
        for (scenario, page) in zip(record.scenarios, pages) {
            guard let page else { continue }
            try write(ParityPage.scenario(scenario, in: record), to: page)
        }
        try write(ParityPage.index(record, pages: pages), to: "index.html")
    }

    /// Writes a race's page as the folder's `index.html`.
    public func writeRace(_ record: RaceRecord) throws(ReportError) {
        try create()
        try write(RacePage.html(record), to: "index.html")
    }

    /// Writes a journey run's page as the folder's `index.html`.
    public func writeJourney(_ record: JourneyRecord) throws(ReportError) {
        try create()
        try write(JourneyPage.html(record), to: "index.html")
    }

    /// A file name per scenario that ran: its name made safe for any file system, unique in the run.
    public static func pageNames(_ entries: [ScenarioReportEntry]) -> [String?] {
        uniqueNames(
            entries.map { entry in
                guard case .ran(let record) = entry else { return nil }
                return Self.safe(record.name)
            })
    }

    /// `NAME.html` for each name (nil: no page), `NAME-2.html`… for a name already taken; never `index`.
    static func uniqueNames(_ names: [String?]) -> [String?] {
        var taken: Set<String> = ["index"]
        return names.map { wanted in
            guard let wanted else { return nil }
            let safe = wanted.isEmpty ? "scenario" : wanted
            var name = safe
            var suffix = 2
            while taken.contains(name) {
                name = "\(safe)-\(suffix)"
                suffix += 1
            }
            taken.insert(name)
            return name + ".html"
        }
    }

    /// `name` made safe for any file system.
    static func safe(_ name: String) -> String {
        String(
            name.unicodeScalars.map { scalar -> Character in
                let allowed =
                    scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar))
                return allowed ? Character(scalar) : "-"
            })
    }

    func create() throws(ReportError) {
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
            throw .cannotCreateFolder(path: url.path, reason: error.localizedDescription)
        }
    }

    func write(_ html: String, to name: String) throws(ReportError) {
        let file = url.appendingPathComponent(name, isDirectory: false)
        do { try Data(html.utf8).write(to: file, options: .atomic) } catch {
            throw .cannotWrite(path: file.path, reason: error.localizedDescription)
        }
    }
}

/// Rendered pages, stored by the worker threads.
private final class PageBox: Sendable {
    private let pages: Mutex<[String]>

    init(count: Int) { pages = Mutex(Array(repeating: "", count: count)) }

    func store(_ page: String, at index: Int) { pages.withLock { $0[index] = page } }

    func page(at index: Int) -> String { pages.withLock { $0[index] } }
}
