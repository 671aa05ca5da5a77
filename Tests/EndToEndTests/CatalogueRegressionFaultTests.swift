import Foundation
import Testing

/// The regression scenarios R1–R12 (spec/06 §2; R13–R21 in CatalogueRingInputFaultTests) catch the failure modes they are named after: each
/// passes as written, and a copy with a behaviour fault injected (a forced keychain status, an SDK or
/// network failure) fails at the expectation that covers that behaviour.
@Suite struct CatalogueRegressionFaultTests {
    static let scenarios = CatalogueFiles.scenarios

    let folder: URL

    init() throws { folder = try CatalogueFiles.folderWithIncludes(label: "catalogue-R") }

    /// The catalogue file `R<number>-….scenario`, as written.
    func original(_ number: String) throws -> (name: String, text: String) { try CatalogueFiles.original("R\(number)") }

    func inserting(_ lines: [String], before anchor: String, in text: String) throws -> String {
        try CatalogueFiles.inserting(lines, before: anchor, in: text)
    }

    /// Writes `text` as `name` into the temporary folder, runs it and checks that it failed at the first
    /// line reading `expectation`.
    func expectFailure(_ name: String, _ text: String, at expectation: String) throws {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try Sim.run("simctl", ["scenario", "run", path])
        let line = try #require(
            text.components(separatedBy: "\n").firstIndex(of: expectation), "no line `\(expectation)`")
        #expect(run.status == 1)
        #expect(run.stdout.contains("✗ \(path):\(line + 1): \(expectation)"), "\(run.stdout.suffix(1500))")
    }

    @Test func everyRegressionScenarioPassesAsWritten() throws {
        var paths: [String] = []
        for number in 1...12 {
            let (name, text) = try original(String(format: "%02d", number))
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let run = try Sim.run("simctl", ["scenario", "run", "--quiet"] + paths)
        #expect(run.status == 0, "\(run.stdout.suffix(3000))")
        #expect(run.stdout.hasSuffix("12 passed, 0 failed\n"))
    }

    /// R1: an own-record write that fails (locked-out shared group) is only logged, so Ring would not
    /// see W right after the approval — the check made right after the approval catches it.
    @Test func r1FailsWhenTheOwnRecordCannotBeWritten() throws {
        let (name, text) = try original("01")
        let faulty = try inserting(
            ["fault add --app bitkit --op write --account to.bitkit.dev:* --status -34018"],
            before: "bitkit approve", in: text)
        try expectFailure(name, faulty, at: "expect records to.bitkit.dev:{W}")
    }

    /// R3: if the fallback deletes of clearLocalState do not happen (here the delete of paykit_session
    /// is refused), the saved session survives the source loss.
    @Test func r3FailsWhenTheFallbackCannotDeleteTheSession() throws {
        let (name, text) = try original("03")
        let faulty = try inserting(
            ["fault add --app bitkit --op delete --group bitkit --account paykit_session --status -25308"],
            before: "ring delete {A} --confirm", in: text)
        try expectFailure(name, faulty, at: "expect bitkit state .privateKeychain.paykit_session = false")
    }

    /// R5: a locked read reported as "not found" (−25300) instead of −25308 makes the launch treat the
    /// Ring key as deleted; the access-log check of the locked read catches it first.
    @Test func r5FailsWhenTheLockedReadLooksLikeADeletedRecord() throws {
        let (name, text) = try original("05")
        let faulty = try inserting(
            ["fault add --app bitkit --op read --account app.pubkyring:* --status -25300"],
            before: "bitkit kill", in: text)
        try expectFailure(
            name, faulty,
            at:
                "expect json simctl journal --app bitkit --event keychain :: .entries[?account=app.pubkyring:{A}][?requestedData=true][-1].status = -25308"
        )
    }

    /// R6: with relays answering 404 within the 2 s resolve timeout the network confirms "no record",
    /// so the first tap signs B up — the check that the record check gives up after 2 s catches it.
    @Test func r6FailsWhenTheRelaysConfirmNotFoundInTime() throws {
        let (name, text) = try original("06")
        let faulty = try inserting(["net relay-latency 1"], before: "net dht unreachable", in: text)
        // The first tap signs B up: no error toast ends a 2 s give-up.
        try expectFailure(
            name, faulty, at: "expect elapsed [?op=bitkit.pick.before-record-check][-1] [?event=toast][-1] = 2000")
    }

    /// R12: the held adoption of A must still complete after the release; a sign-in failure there
    /// leaves Bitkit on Pubky Choice.
    @Test func r12FailsWhenTheHeldAdoptionCannotSignIn() throws {
        let (name, text) = try original("12")
        let faulty = try inserting(["fault sdk --app bitkit sign-in --count 1"], before: "continue bitkit", in: text)
        try expectFailure(name, faulty, at: "expect bitkit screen createProfile")
    }
}
