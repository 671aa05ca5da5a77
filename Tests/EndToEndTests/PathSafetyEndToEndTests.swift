import Foundation
import Testing

/// Names never become paths unchecked: a group name stays a group, a pubky's name stays a file name.
@Suite struct PathSafetyEndToEndTests {
    @Test func aGroupNameThatWalksOutOfTheKeychainFolderIsAUsageError() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        for arguments in [
            ["keychain", "list", "--group", "../.."],
            ["keychain", "list", "--group", "../../SharedGroup"],
            ["keychain", "write", "--group", "../x", "--account", "a", "--data", "b"],
            ["keychain", "delete", "--group", "..", "--account", "a"],
        ] {
            let run = try Sim.run("simctl", arguments + ["--world", sim.world.path])
            #expect(run.status == 2, "\(arguments): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains("is not a keychain group"), "\(run.stderr)")
        }
        let literal = try sim("simctl", "keychain", "list", "--group", "KYH47R284B.app.pubkyring")
        #expect(literal.status == 0, "\(literal.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sim.world.appendingPathComponent("x").path))
    }

    @Test func aPubkyRenamedLikeAPathIsExportedToTheFilesFolderUnderASafeName() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        #expect(try sim("ring-sim", "import", "--secret", Fixture.aSecret).status == 0)
        #expect(try sim("ring-sim", "rename", "#1", "../../evil/x").status == 0)
        let export = try sim("ring-sim", "backup", "export", "#1", "--passphrase", "secret1")
        #expect(export.status == 0, "\(export.stderr)")
        let files = try sim("simctl", "device", "files", "--json").json()["files"] as? [[String: Any]] ?? []
        let name = try #require(files.first?["name"] as? String)
        #expect(files.count == 1)
        #expect(name.hasPrefix("____evil_x-backup-") && name.hasSuffix(".pkarr"), "\(name)")
        #expect(export.stdout.contains("Backup Created · \(name)"))
        let evil = sim.world.deletingLastPathComponent().appendingPathComponent("evil")
        #expect(!FileManager.default.fileExists(atPath: evil.path))
        // The export imports again by its bare name, looked up in the Files folder.
        #expect(try sim("ring-sim", "delete", "#1", "--confirm").status == 0)
        let imported = try sim("ring-sim", "import", "--file", name, "--passphrase", "secret1")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try sim("ring-sim", "state", "--json").stdout.contains(Fixture.a))
    }
}
