/// The JSON of a command whose result is a report of checks (a scenario run, a race, the audit, a
/// fixture): the report's own keys, plus `"error"` (`ErrorReport`, exit code 1) when a check failed, so
/// a failing `--json` run carries `error.exitCode` like every other failure and stays one document.
public struct CheckedReport<Report: Encodable>: Encodable {
    public var report: Report
    /// nil when every check passed.
    public var failure: ErrorReport?

    /// `failed`: the sentence saying what failed, or nil when nothing did.
    public init(_ report: Report, failed: String?) {
        self.report = report
        failure = failed.map { ErrorReport(message: $0, exitCode: 1) }
    }

    private enum CodingKeys: String, CodingKey { case error }

    public func encode(to encoder: Encoder) throws {
        try report.encode(to: encoder)
        if let failure {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(failure, forKey: .error)
        }
    }

    /// Ends the command with the exit code of the failure, if any, after the report was printed.
    public func finish() throws {
        if let failure { throw ExitStatus(code: failure.exitCode) }
    }
}
