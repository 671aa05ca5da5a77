/// One scenario file of a run, as the report's index lists it.
public enum ScenarioReportEntry: Sendable, Equatable {
    /// The scenario ran: it gets a page.
    case ran(ScenarioRecord)
    /// The file could not be parsed: the index says why, and there is no page.
    case malformed(file: String, message: String)
    /// The scenario does not run on the run's platform: the index says why, and there is no page.
    case skipped(name: String, title: String, tags: [String], reason: String)
}
