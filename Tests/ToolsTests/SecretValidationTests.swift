import Foundation
import Testing

/// The validation table of spec/01 §4, driven through both apps.
@Suite struct SecretValidationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let data: [String]  // simctl keychain write arguments for the value
        let bitkitValid: Bool
        let ringError: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "valid", data: ["--data", Fixture.wSecret], bitkitValid: true, ringError: nil),
        Case(
            name: "truncated", data: ["--data", String(Fixture.wSecret.dropLast(2))], bitkitValid: false,
            ringError: "Shared record is missing or malformed"),
        Case(
            name: "uppercase", data: ["--data", Fixture.wSecret.uppercased()], bitkitValid: false,
            ringError: "Shared record is missing or malformed"),
        Case(
            name: "64 z", data: ["--data", String(repeating: "z", count: 64)], bitkitValid: false,
            ringError: "Shared record is missing or malformed"),
        Case(
            name: "trailing newline", data: ["--data-hex", hex(Fixture.wSecret + "\n")], bitkitValid: false,
            ringError: "Shared record is missing or malformed"),
        Case(
            name: "another key", data: ["--data", Fixture.aSecret], bitkitValid: false,
            ringError: "Shared record does not belong to this pubky"),
        Case(
            name: "not UTF-8", data: ["--data-hex", "ff"], bitkitValid: false,
            ringError: "Shared record is missing or malformed"),
    ]

    static func hex(_ text: String) -> String { text.utf8.map { String(format: "%02x", $0) }.joined() }

    @Test(arguments: cases) func bothAppsApplyTheirOwnCheck(_ testCase: Case) throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        let ringArgs =
            ["simctl", "keychain", "write", "--account", "app.pubkyring:\(Fixture.w)"] + testCase.data + [
                "--world", sim.world.path,
            ]
        #expect(try InProcess.run(ringArgs[0], Array(ringArgs.dropFirst())).status == 0)
        let bitkitArgs =
            ["simctl", "keychain", "write", "--account", "to.bitkit.dev:\(Fixture.w)"] + testCase.data + [
                "--world", sim.world.path,
            ]
        #expect(try InProcess.run(bitkitArgs[0], Array(bitkitArgs.dropFirst())).status == 0)

        let bitkit = try sim("bitkit-sim", "keychain", "load-secret", Fixture.w, "--json").json()
        #expect((bitkit["secret"] as? String != nil) == testCase.bitkitValid)
        // A present but invalid record is never "definitely missing".
        let missing = try sim("bitkit-sim", "keychain", "is-definitely-missing", Fixture.w, "--json").json()
        #expect(missing["definitelyMissing"] as? Bool == false)

        let ring = try sim("ring-sim", "keychain", "get-external-secret", Fixture.w, "to.bitkit.dev", "--json").json()
        #expect(ring["valid"] as? Bool == (testCase.ringError == nil))
        #expect(ring["error"] as? String == testCase.ringError)
    }

    @Test func anAbsentRecordIsDefinitelyMissingAndRingReadsAnEmptyString() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        let missing = try sim("bitkit-sim", "keychain", "is-definitely-missing", Fixture.a, "--json").json()
        #expect(missing["definitelyMissing"] as? Bool == true)
        let ring = try sim("ring-sim", "keychain", "get-external-secret", Fixture.w, "to.bitkit.dev", "--json").json()
        #expect(ring["raw"] as? String == "")
        #expect(ring["error"] as? String == "Shared record is missing or malformed")
    }

    /// Ring re-publishes what it stores without validating (spec/01 §11): a stored secret of another
    /// key reaches the shared group as is at launch, and Bitkit's own check refuses it.
    @Test func ringPublishesAWrongStoredSecretAsIsAndBitkitRefusesIt() throws {
        let sim = try InProcess()
        defer { sim.cleanup() }
        #expect(try sim("ring-sim", "import", "--secret", Fixture.aSecret).status == 0)
        let stored = "{\"secretKey\":\"\(Fixture.bSecret)\",\"mnemonic\":\"\"}"
        #expect(
            try sim(
                "simctl", "keychain", "write", "--group", "ring", "--service", Fixture.a, "--account", Fixture.a,
                "--data", stored
            ).status == 0)
        #expect(try sim("ring-sim", "relaunch").status == 0)
        let items =
            try sim("simctl", "keychain", "list", "--group", "shared", "--json", "--show-secrets").json()["items"]
            as? [[String: Any]] ?? []
        #expect(items.map { $0["data"] as? String } == [Fixture.bSecret])
        #expect(items.map { $0["writer"] as? String } == ["app.pubkyring"])
        let bitkit = try sim("bitkit-sim", "keychain", "load-secret", Fixture.a, "--json").json()
        #expect(bitkit["secret"] == nil)
        let missing = try sim("bitkit-sim", "keychain", "is-definitely-missing", Fixture.a, "--json").json()
        #expect(missing["definitelyMissing"] as? Bool == false)
        // The audit reports the record Ring wrote: it is not A's secret.
        let audit = try sim("simctl", "audit")
        #expect(audit.status == 1)
        #expect(
            audit.stdout.contains("app.pubkyring wrote app.pubkyring:\(Fixture.a) with a value that is not the secret"))
    }
}
