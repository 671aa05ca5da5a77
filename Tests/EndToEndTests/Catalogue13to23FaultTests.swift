import Foundation
import PubkyCrypto
import Testing

/// Catalogue scenarios 13–23 catch the behaviour they describe: each passes as written and fails at the
/// expected line once a fault breaks that behaviour (a forced keychain status, an SDK or network failure).
@Suite struct Catalogue13to23FaultTests {
    static let scenarios = CatalogueFiles.scenarios

    let folder: URL

    init() throws { folder = try CatalogueFiles.folderWithIncludes(label: "catalogue-13-23") }

    /// The catalogue file whose name starts with `number`, as written.
    func original(_ number: String) throws -> (name: String, text: String) { try CatalogueFiles.original(number) }

    /// Writes `text` as the scenario `name` into the temporary folder and runs it.
    func run(_ name: String, _ text: String) throws -> (path: String, run: Sim.Run) {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, try Sim.run("simctl", ["scenario", "run", path]))
    }

    /// `lines` inserted before the first line equal to `anchor`.
    func inserting(_ lines: [String], before anchor: String, in text: String) throws -> String {
        try CatalogueFiles.inserting(lines, before: anchor, in: text)
    }

    /// `line` replaced by `replacement`.
    func replacing(_ line: String, with replacement: String, in text: String) throws -> String {
        var all = text.components(separatedBy: "\n")
        let index = try #require(all.firstIndex(of: line), "no line `\(line)`")
        all[index] = replacement
        return all.joined(separator: "\n")
    }

    /// Asserts the run failed at the first line reading `expectation` (after the line `anchor`, if given).
    func expectFailure(
        _ result: (path: String, run: Sim.Run), at expectation: String, after anchor: String? = nil, in text: String
    ) throws {
        let lines = text.components(separatedBy: "\n")
        let start =
            try anchor.map { anchor in
                try #require(lines.firstIndex(of: anchor), "no line `\(anchor)`")
            } ?? 0
        let index = try #require(lines[start...].firstIndex(of: expectation), "no line `\(expectation)`")
        #expect(result.run.status == 1)
        #expect(
            result.run.stdout.contains("✗ \(result.path):\(index + 1): \(expectation)"),
            "\(result.run.stdout.suffix(1500))")
    }

    @Test func everyCatalogueFileFrom13To23PassesAsWritten() throws {
        var paths: [String] = []
        for number in 13...23 {
            let (name, text) = try original(String(number))
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let run = try Sim.run("simctl", ["scenario", "run", "--quiet"] + paths)
        #expect(run.status == 0, "\(run.stdout.suffix(3000))")
        #expect(run.stdout.hasSuffix("11 passed, 0 failed\n"))
    }

    @Test func scenario13FailsWhenBitkitCannotWriteItsSharedRecord() throws {
        let (name, text) = try original("13")
        let faulty = try inserting(
            ["simctl fault add --app bitkit --op write --account 'to.bitkit.dev:*' --status -34018"],
            before: "bitkit open profile", in: text)
        try expectFailure(try run(name, faulty), at: "expect records to.bitkit.dev:{W}", in: faulty)
    }

    @Test func scenario14FailsWhenTheLaunchCannotPublishTheRecord() throws {
        let (name, text) = try original("14")
        let faulty = try inserting(
            ["simctl fault add --app bitkit --op write --account 'to.bitkit.dev:*' --status -25308"],
            before: "bitkit launch", in: text)
        try expectFailure(try run(name, faulty), at: "expect records to.bitkit.dev:{W}", in: faulty)
    }

    @Test func scenario15FailsWhenTheSignupLinkRegistrationFails() throws {
        let (name, text) = try original("15")
        let faulty = try inserting(["simctl fault sdk --app bitkit sign-up"], before: "bitkit approve", in: text)
        try expectFailure(try run(name, faulty), at: "expect bitkit no toast", after: "bitkit approve", in: faulty)
    }

    @Test func scenario17FailsWhenRingCannotReadBitkitsRecord() throws {
        let (name, text) = try original("17")
        let faulty = try inserting(
            ["simctl fault add --app ring --op read --account 'to.bitkit.dev:*' --status -25308"],
            before: "ring confirm", in: text)
        // The failed read closes the confirm sheet with `error · Error · Failed to get secret key`.
        try expectFailure(
            try run(name, faulty), at: "expect ring sheet confirm-auth", after: "ring confirm", in: faulty)
    }

    @Test func scenario19FailsWhenRingsListingFailsAndNothingIsPruned() throws {
        let (name, text) = try original("19")
        let faulty = try inserting(
            ["simctl fault add --app ring --op list --account '*' --status -25308"], before: "ring foreground",
            in: text)
        try expectFailure(
            try run(name, faulty),
            at:
                "expect ring toasts \"info · Bitkit pubky removed · A pubky you were using from Bitkit is no longer available.\"",
            in: faulty)
    }

    @Test func scenario20FailsWhenTheWipeCannotRemoveRingsRecords() throws {
        let (name, text) = try original("20")
        let faulty = try inserting(
            ["simctl fault add --app ring --op delete --account 'app.pubkyring:*' --status -25308 --count 1"],
            before: "ring settings wipe --confirm", in: text)
        try expectFailure(try run(name, faulty), at: "expect ring screen onboarding", in: faulty)
    }

    @Test func scenario21FailsWhenTheBackupIsImportedWithAnotherPassphrase() throws {
        let (name, text) = try original("21")
        let faulty = try replacing(
            "ring import --file {FILE} --passphrase \"correct horse\"",
            with: "ring import --file {FILE} --passphrase \"correct horsf\"", in: text)
        try expectFailure(try run(name, faulty), at: "expect last .toasts[*].type !contains error", in: faulty)
    }

    @Test func scenario22FailsWhenHomegateRefuses() throws {
        let (name, text) = try original("22")
        let faulty = try inserting(["simctl net homegate status 503"], before: "bitkit save", in: text)
        // The lenient lookup and the typed name come first; Save is where Homegate is asked.
        try expectFailure(try run(name, faulty), at: "expect bitkit no toast", after: "bitkit save", in: faulty)
    }

    @Test func scenario23FailsWhenBitkitsApprovalCannotReachTheRelay() throws {
        let (name, text) = try original("23")
        let faulty = try inserting(["simctl fault sdk --app bitkit approve"], before: "bitkit approve", in: text)
        try expectFailure(try run(name, faulty), at: "expect bitkit no toast", after: "bitkit approve", in: faulty)
    }

    /// Scenario 21's file, read outside Ring: 91 bytes that Argon2id(`correct horse`, salt `recovery`)
    /// opens to A's secret.
    @Test func scenario21sBackupFileDecryptsToTheSecretOfA() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        try sim("ring-sim", "onboarding", "finish")
        try sim("ring-sim", "import", "--secret", Fixture.aSecret, "--name", "Alice")
        #expect(try sim("ring-sim", "backup", "export", "Alice", "--passphrase", "correct horse").status == 0)
        let files = try #require(try sim("simctl", "device", "files", "--json").json()["files"] as? [[String: Any]])
        let file = try #require(files.first)
        #expect(files.count == 1)
        #expect(file["size"] as? Int == 91)
        let name = try #require(file["name"] as? String)
        let bytes = try [UInt8](Data(contentsOf: sim.world.appendingPathComponent(".sim/files/\(name)")))
        #expect(bytes.count == 91)
        #expect(Array(bytes.prefix(19)) == Array("pubky.org/recovery\n".utf8))
        #expect(file["hex"] as? String == bytes.map { String(format: "%02x", $0) }.joined())
        let secret = try RecoveryFile.decode(bytes, passphrase: "correct horse")
        #expect(secret == [UInt8](repeating: 1, count: 32))
        #expect(throws: RecoveryFileError.self) { try RecoveryFile.decode(bytes, passphrase: "12345x") }
    }
}
