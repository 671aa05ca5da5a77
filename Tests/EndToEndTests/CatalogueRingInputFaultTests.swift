import Foundation
import Testing

/// The regression scenarios R13–R21 (issue 18: Bitkit's approval sheet, Ring's input parser, session
/// requests, invites) pass as written, and a copy with a behaviour fault injected fails at the
/// expectation that covers that behaviour.
@Suite struct CatalogueRingInputFaultTests {
    let folder: URL

    init() throws { folder = try CatalogueFiles.folderWithIncludes(label: "catalogue-ring-input") }

    /// Writes `text` as `name` into the temporary folder, runs it and checks that it failed at the first
    /// line reading `expectation` after the line `anchor`.
    func expectFailure(_ name: String, _ text: String, at expectation: String, after anchor: String) throws {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try Sim.run("simctl", ["scenario", "run", path])
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: anchor), "no line `\(anchor)`")
        let line = try #require(lines[start...].firstIndex(of: expectation), "no line `\(expectation)`")
        #expect(run.status == 1)
        #expect(run.stdout.contains("✗ \(path):\(line + 1): \(expectation)"), "\(run.stdout.suffix(1500))")
    }

    func faulted(_ prefix: String, inserting lines: [String], before anchor: String) throws -> (String, String) {
        let (name, text) = try CatalogueFiles.original(prefix)
        return (name, try CatalogueFiles.inserting(lines, before: anchor, in: text))
    }

    @Test func everyRingInputScenarioPassesAsWritten() throws {
        var paths: [String] = []
        for number in 13...21 {
            let (name, text) = try CatalogueFiles.original("R\(number)")
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let run = try Sim.run("simctl", ["scenario", "run", "--quiet"] + paths)
        #expect(run.status == 0, "\(run.stdout.suffix(3000))")
        #expect(run.stdout.hasSuffix("9 passed, 0 failed\n"))
    }

    /// R13: with HS down Ring cannot sign A in, so no session is returned.
    @Test func r13FailsWhenTheSignInFails() throws {
        let (name, text) = try faulted(
            "R13", inserting: ["net homeserver staging down"], before: "ring open-url {LINK}")
        try expectFailure(
            name, text, at: #"expect ring toasts "success · Session Returned · Session data sent to requesting app""#,
            after: "ring open-url {LINK}")
    }

    /// R14: once B can sign in, Ring has a pubky to answer with.
    @Test func r14FailsWhenAPubkyCanSignIn() throws {
        let (name, text) = try faulted("R14", inserting: ["ring signup {B}"], before: "ring authorize {LINK}")
        try expectFailure(
            name, text, at: #"expect ring toasts "error · No Pubky Selected · Please select a pubky to proceed""#,
            after: "ring authorize {LINK}")
    }

    /// R18: an invite whose sign-up fails shows the error screen instead of the new pubky.
    @Test func r18FailsWhenTheInviteCannotSignUp() throws {
        let (name, text) = try faulted(
            "R18", inserting: ["net homeserver staging down"], before: "ring open-url {LINK}")
        try expectFailure(name, text, at: "expect ring screen detail", after: "ring open-url {LINK}")
    }

    /// R19: online, the scanned invite signs up instead of showing Currently Offline.
    @Test func r19FailsWhenTheInviteArrivesOnline() throws {
        let (name, text) = try faulted("R19", inserting: ["net on"], before: "ring authorize {RING_LINK}")
        try expectFailure(
            name, text,
            at: #"expect ring toasts "error · Currently Offline · You need to be online to authorize with Pubky Ring""#,
            after: "ring authorize {RING_LINK}")
    }

    /// R20: the import still succeeds when Ring cannot publish, but Bitkit never sees W.
    @Test func r20FailsWhenRingCannotPublishTheImportedPubky() throws {
        let (name, text) = try faulted(
            "R20", inserting: ["fault add --app ring --op write --account app.pubkyring:* --status -34018"],
            before: "net off")
        try expectFailure(name, text, at: "expect records app.pubkyring:{W}", after: "net off")
    }
}
