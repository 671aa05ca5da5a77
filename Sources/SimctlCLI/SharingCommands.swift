import Audit
import ContractNames
import IdentitySharing
import SimCLI

/// `simctl sharing …`: what the device shares between the two apps, in the platform's neutral
/// terms (the records `expect records` reads), as the OS sees it: no app, no lock, no entitlement.
enum SharingCommands {
    static let group = Command(
        "sharing", summary: "What the device shares between Bitkit and Pubky Ring, whatever the platform carries it.",
        subcommands: [list])

    struct ListOutput: Encodable {
        var platform: String
        var records: [SharedRecord]
    }

    static let list = Command(
        "list", summary: "List every shared identity record: owner, writer and whether it holds its pubky's secret.",
        usage: "[--show-secrets]",
        details:
            "On iOS a record is an item of the shared keychain group KYH47R284B.pubky.shared, named <owner>:<pubky>. On Android it is a row an installed provider (<package>.sharedpubky) serves a trusted caller now, named <package>:<pubky>, with the secret its credential path returns. Secrets are never printed unless --show-secrets is given.",
        examples: [
            "ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101",
            "simctl sharing list",
            "simctl sharing list --json",
        ]
    ) { args, invocation in
        let showSecrets = args.flag("--show-secrets")
        try args.finish()
        let world = invocation.world
        try world.requireExists()
        let shared: SharedRecords.Reading
        do {
            shared = try SharedRecords.read(world, showSecrets: showSecrets)
        } catch {
            throw CLIError.failure("Could not read what the device shares: \(error)")
        }
        try invocation.emit(
            ListOutput(platform: shared.platform.rawValue, records: shared.records), text: render(shared.records))
    }

    static func render(_ records: [SharedRecord]) -> String {
        guard !records.isEmpty else { return "Nothing is shared." }
        return records.map { record in
            var line = "\(record.record)  by \(record.writer)"
            switch record.validSecret {
            case true?: line += ", valid secret"
            case false?: line += ", NOT a valid secret for this pubky"
            case nil: line += ", no known owner"
            }
            if let authority = record.platform["authority"] {
                line += "  [content://\(authority)]"
                if record.platform["served"] == "no credential" { line += " no credential" }
            }
            if let service = record.platform["service"], let accessibility = record.platform["accessibility"] {
                line += "  [\(service)] \(accessibility)"
                if record.platform["synchronizable"] == "true" { line += " synchronizable" }
            }
            if let secret = record.secret { line += " = \(secret)" }
            return line
        }.joined(separator: "\n")
    }
}
