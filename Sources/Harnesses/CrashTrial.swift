/// One trial of the crash campaign: an app process killed at one crash point of one catalogue step,
/// then the killed app relaunched and the world checked.
public struct CrashTrial: Codable, Sendable, Equatable {
    public var index: Int
    /// The scenario file and the step, as `file:line: source`.
    public var scenario: String
    public var step: String
    /// Crash points the step passes when it completes, and the one the process was killed at (1-based).
    public var points: Int
    public var at: Int
    /// The point's description (`keychain delete KYH47R284B.pubky.shared app.pubkyring:…`), and the
    /// app whose process died there.
    public var point: String
    public var app: String
    /// What broke: torn items, audit violations, lost credentials, or a step that did not behave.
    public var tornItems: [String]
    public var auditViolations: [String]
    public var lostCredentials: [String]
    public var errors: [String]
    /// What the kill did to Bitkit's contacts (records not whole, saved twice, lost, or half-saved),
    /// and after a retry of a killed import, how the book differs from the completed step's.
    public var contactProblems: [String] = []
    /// Whether the kill landed inside a contact import the completed step finished, so the trial
    /// retried it after the relaunch (Disconnect, adopt again, the same import).
    public var retried = false
    /// The command that replays this trial alone.
    public var replay: String
    /// Where the trial's worlds were kept (`--keep`): `before/`, `reference/`, `crashed/`.
    public var worlds: String?

    public var passed: Bool {
        tornItems.isEmpty && auditViolations.isEmpty && lostCredentials.isEmpty && errors.isEmpty
            && contactProblems.isEmpty
    }

    /// `keychain`, `write`, `checkpoint` or `backend`.
    public var pointKind: String { String(point.prefix { $0 != " " }) }
}
