import Foundation

/// The size limits of everything the tools read whole (Docs/cli.md, "Input limits"). Each fits what
/// the input holds with a wide margin, and is checked before the input is read, so a huge or endless
/// input is refused at once and never held in memory.
public struct InputLimit: Sendable, Equatable {
    /// What is read, for messages: "backup document".
    public let what: String
    public let bytes: Int

    public init(_ what: String, bytes: Int) {
        self.what = what
        self.bytes = bytes
    }

    /// Bitkit's backup (`bitkit-sim backup restore`): a small JSON object.
    public static let backup = InputLimit("backup document", bytes: 1 << 20)
    /// Ring's encrypted recovery file: 91 bytes in its only format (spec/03 §14).
    public static let recoveryFile = InputLimit("recovery file", bytes: 4 << 10)
    /// A Paykit request record or endpoint payload (`bitkit-sim paykit check-request|check-endpoint`).
    public static let paykitDocument = InputLimit("Paykit document", bytes: 1 << 20)
    /// A Paykit interoperability fixture (`bitkit-sim paykit check-fixture`); ours is 50 KiB.
    public static let paykitFixture = InputLimit("Paykit fixture", bytes: 8 << 20)
    /// A file put into the simulated Files app (`simctl device files put NAME --from PATH`).
    public static let filesAppFile = InputLimit("Files app file", bytes: 16 << 20)
    /// A scenario file, an included step file, or a race setup file.
    public static let scenarioFile = InputLimit("scenario file", bytes: 1 << 20)
    /// One request line of a serving process (`--serve`).
    public static let serveRequest = InputLimit("serving-process request", bytes: 1 << 20)
    /// An app's sandbox document (defaults, store, memory).
    public static let sandboxDocument = InputLimit("sandbox document", bytes: 4 << 20)
    /// The device file `.sim/device.json`.
    public static let deviceFile = InputLimit("device file", bytes: 4 << 20)
    /// The journal `.sim/journal.jsonl` (about a million entries).
    public static let journal = InputLimit("journal", bytes: 256 << 20)
    /// The world's Paykit issuer identity (`.sim/issuer.json`).
    public static let issuerIdentity = InputLimit("issuer identity", bytes: 64 << 10)
    /// A race iteration's scheduler board.
    public static let schedulerBoard = InputLimit("scheduler board", bytes: 1 << 20)
    /// What a tool printed, collected by the scenario runner.
    public static let toolOutput = InputLimit("tool output", bytes: 64 << 20)

    /// Every limit, for the documentation test.
    public static let all: [InputLimit] = [
        backup, recoveryFile, paykitDocument, paykitFixture, filesAppFile, scenarioFile, serveRequest, sandboxDocument,
        deviceFile,
        journal, issuerIdentity, schedulerBoard, toolOutput,
    ]

    /// "1 MiB", "4 KiB", "300 bytes".
    public static func describe(bytes: Int64) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 20 { return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// "the 1 MiB limit for a backup document".
    public var phrase: String { "the \(Self.describe(bytes: Int64(bytes))) limit for a \(what)" }
}
