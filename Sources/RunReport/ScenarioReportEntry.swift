/// One scenario file of a run, as the report's index lists it.
public enum ScenarioReportEntry: Sendable, Equatable {
    /// The scenario ran: it gets a page.
    case ran(ScenarioRecord)
    /// The file could not be parsed: the index says why, and there is no page.
    case malformed(file: String, message: String)
}
