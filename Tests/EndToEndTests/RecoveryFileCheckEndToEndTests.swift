import Foundation
import PubkyCrypto
import Testing

/// `simctl files decrypt` reads a recovery file by the documented format, independently of Ring, so
/// scenario 21's "decrypts with Argon2id to A's secret" fails on a damaged export.
@Suite struct RecoveryFileCheckEndToEndTests {
    @Test func scenario21FailsWhenTheExportedFileIsCorrupted() throws {
        let folder = try CatalogueFiles.folderWithIncludes(label: "corrupt-export")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (name, text) = try CatalogueFiles.original("21")
        let decrypt = "simctl files decrypt {FILE} --passphrase \"correct horse\""
        // The right header and size, but a box that opens with no passphrase.
        let damaged = Hex.encode(Array("pubky.org/recovery\n".utf8) + [UInt8](repeating: 0, count: 72))
        let corrupted = try CatalogueFiles.inserting(
            ["simctl files put {FILE} --hex \(damaged)"], before: decrypt, in: text)
        let line = try #require(corrupted.components(separatedBy: "\n").firstIndex(of: decrypt))
        let untouched = folder.appendingPathComponent(name)
        let faulted = folder.appendingPathComponent("21-corrupted-export.scenario")
        try text.write(to: untouched, atomically: true, encoding: .utf8)
        try corrupted.write(to: faulted, atomically: true, encoding: .utf8)

        let run = try Sim.run("simctl", ["scenario", "run", "--jobs", "2", untouched.path, faulted.path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("PASS 21-ring-deep-link-and-encrypted-backup — "), "\(run.stdout.suffix(2000))")
        #expect(run.stdout.contains("✓ last .secret = {A.secret}"))
        #expect(run.stdout.contains("✗ \(faulted.path):\(line + 1): \(decrypt)\n"), "\(run.stdout.suffix(2000))")
        #expect(run.stdout.contains("does not open with this passphrase"))
        #expect(run.stdout.hasSuffix("1 passed, 1 failed\n"))
    }

    /// spec/04 §11's vector: the empty passphrase derives c8aa28bd…db8b, which boxes 49609e05…f463
    /// (pubky htbqf4wz…h5wy) — written here from the primitives, read back by simctl.
    @Test func decryptReadsTheSpecVectorAndNamesWhatIsWrongWithABadFile() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        let key = try #require(Hex.decode("c8aa28bdaa686d9b93eaeecb1f94f603f6a702bc75511cc60d2d022857f1db8b"))
        let secret = "49609e0565ea9dfe8eef9592eab947928f07aba6eaee8d81a0fd7ca8337cf463"
        let nonce = (0..<24).map { UInt8($0) }
        let file =
            Array("pkarr.org/recovery\n".utf8) + nonce
            + SecretBox.seal(try #require(Hex.decode(secret)), key: key, nonce: nonce)
        #expect(try sim("simctl", "files", "put", "sample.pkarr", "--hex", Hex.encode(file)).status == 0)
        let listed = try sim("simctl", "files", "list", "--json").json()["files"] as? [[String: Any]]
        #expect(listed?.map { $0["name"] as? String } == ["sample.pkarr"])
        #expect(listed?.first?["size"] as? Int == 91)

        let decrypted = try sim("simctl", "files", "decrypt", "sample.pkarr", "--passphrase", "", "--json").json()
        #expect(decrypted["secret"] as? String == secret)
        #expect(decrypted["pubky"] as? String == "htbqf4wzp9c1qc5r77h86shpekcqop5icognmbwyb3szhkxnh5wy")
        #expect(decrypted["header"] as? String == "pkarr.org/recovery")

        let wrong = try sim("simctl", "files", "decrypt", "sample.pkarr", "--passphrase", "x")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("does not open with this passphrase"))
        try sim("simctl", "files", "put", "short.pkarr", "--hex", Hex.encode(file.prefix(60)))
        #expect(try sim("simctl", "files", "decrypt", "short.pkarr", "--passphrase", "").stderr.contains("60 bytes"))
        #expect(try sim("simctl", "files", "decrypt", "absent.pkarr", "--passphrase", "").status == 2)
        #expect(try sim("simctl", "files", "put", "../escape", "--hex", "00").status == 2)
    }
}
