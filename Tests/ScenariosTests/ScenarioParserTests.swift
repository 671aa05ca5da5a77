import Foundation
import Scenarios
import Testing

@Test func aScenarioParsesTitleSeedStepsAndExpectations() throws {
    let scenario = try ScenarioParser.parse(
        text: """
            # comment
            title: Ring pubkys are listed
            seed: 42
            ring import --secret {A.secret}
            device lock
            bitkit open profile &
            wait
            expect bitkit screen pubkyChoice
            expect captions {A.caption} {B.caption}
            expect no toast
            expect records app.pubkyring:{A}
            expect bitkit state .identity.authState = idle
            """, file: "s.scenario")
    #expect(scenario.title == "Ring pubkys are listed")
    #expect(scenario.seed == 42)
    #expect(scenario.steps.count == 9)
    #expect(scenario.steps[0].line == 4)
    #expect(
        scenario.steps[0].kind
            == .run(
                tool: .ring, arguments: ["import", "--secret", "{A.secret}"], background: false, expectFailure: false))
    #expect(
        scenario.steps[1].kind
            == .run(tool: .simctl, arguments: ["device", "lock"], background: false, expectFailure: false))
    #expect(
        scenario.steps[2].kind
            == .run(tool: .bitkit, arguments: ["open", "profile"], background: true, expectFailure: false))
    #expect(scenario.steps[3].kind == .wait)
    #expect(
        scenario.steps[4].kind
            == .expect(
                .json(subject: .screen(app: "bitkit"), path: ".route", comparison: .equals, value: "\"pubkyChoice\"")))
    #expect(
        scenario.steps[5].kind
            == .expect(
                .json(
                    subject: .screen(app: nil), path: ".rows[*].caption", comparison: .equals,
                    value: "[\"{A.caption}\",\"{B.caption}\"]")))
    #expect(
        scenario.steps[8].kind
            == .expect(
                .json(
                    subject: .command(tool: .bitkit, arguments: ["state"]), path: ".identity.authState",
                    comparison: .equals, value: "\"idle\"")))
}

@Test func anUnknownStepIsReportedWithFileAndLine() {
    #expect(throws: ScenarioError.self) {
        try ScenarioParser.parse(text: "title: x\n\nfrobnicate now\n", file: "bad.scenario")
    }
    do {
        _ = try ScenarioParser.parse(text: "title: x\n\nfrobnicate now\n", file: "bad.scenario")
    } catch {
        #expect(error.file == "bad.scenario")
        #expect(error.line == 3)
        #expect(error.message.contains("unknown step 'frobnicate'"))
    }
}

@Test func aBadExpectationIsReportedWithFileAndLine() {
    do {
        _ = try ScenarioParser.parse(text: "ring home\nexpect colour blue\n", file: "bad.scenario")
        Issue.record("expected a parse error")
    } catch {
        #expect(error.line == 2)
        #expect(error.message.contains("unknown expectation 'colour'"))
    }
}

@Test func anUnknownSymbolicNameIsReportedWithFileAndLine() {
    do {
        _ = try ScenarioParser.parse(text: "ring home\nring import --secret {Z.secret}\n", file: "bad.scenario")
        Issue.record("expected a parse error")
    } catch {
        #expect(error.line == 2)
        #expect(error.message.contains("unknown symbolic name 'Z'"))
    }
}

@Test func anUnknownAttributeIsReported() {
    do {
        _ = try ScenarioParser.parse(text: "ring import --secret {A.colour}\n", file: "bad.scenario")
        Issue.record("expected a parse error")
    } catch {
        #expect(error.message.contains("unknown attribute 'colour' of A"))
    }
}

@Test func keysAndSetBindNamesForLaterLines() throws {
    let scenario = try ScenarioParser.parse(
        text:
            "key K9 secret \(String(repeating: "09", count: 32))\nring import --secret {K9.secret}\nsimctl auth-request\nset LINK = .link\nbitkit scan {LINK}\n",
        file: "ok.scenario")
    #expect(scenario.steps.count == 5)
}

@Test func aStepFollowedByExpectExitMayFail() throws {
    let scenario = try ScenarioParser.parse(text: "bitkit open-url pubkyauth://x\nexpect exit 2\n", file: "s")
    #expect(
        scenario.steps[0].kind
            == .run(tool: .bitkit, arguments: ["open-url", "pubkyauth://x"], background: false, expectFailure: true))
}

@Test func unterminatedQuotesAreReported() {
    do {
        _ = try ScenarioParser.parse(text: "expect toast \"error · oops\n", file: "s")
        Issue.record("expected a parse error")
    } catch {
        #expect(error.message.contains("unterminated double quote"))
    }
}

@Test func symbolsExpandEveryAttributeOfAFixtureKey() throws {
    let symbols = Symbols()
    #expect(try symbols.expand("{A}") == "tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy")
    #expect(try symbols.expand("{A.caption}") == "TKRQ...P7QY")
    #expect(try symbols.expand("{A.title}") == "tkrq...p7qy")
    #expect(try symbols.expand("{W.short}") == "aihfh...na3iy")
    #expect(try symbols.expand("{C.redacted}") == "pubkygcumbhd...")
    #expect(try symbols.expand("{W.pubky}") == "pubkyaihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy")
    #expect(try symbols.expand("{\"json\": 1}") == "{\"json\": 1}")
}

@Test func aBracketedListWithSpacesIsOneValue() throws {
    let scenario = try ScenarioParser.parse(text: "expect last .items = [{A}, {B}]\n", file: "s")
    #expect(
        scenario.steps[0].kind
            == .expect(.json(subject: .last, path: ".items", comparison: .equals, value: "[{A}, {B}]")))
}

@Test func aLoneReferenceValueIsReadAfterExpansion() throws {
    let scenario = try ScenarioParser.parse(text: "set N = .seq\nexpect last .seq = {N}\n", file: "s")
    #expect(scenario.steps[1].kind == .expect(.json(subject: .last, path: ".seq", comparison: .equals, value: "{N}")))
    var symbols = Symbols()
    symbols.values["N"] = "63"
    #expect(try symbols.expandValue("{N}") == "63")
    #expect(try symbols.expandValue("{A}") == "\"tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy\"")
    #expect(try symbols.expandValue("{A.secret}") == "\"\(String(repeating: "01", count: 32))\"")
    #expect(try symbols.expandValue("\"{A.title}\"") == "\"tkrq...p7qy\"")
}

@Test func anIncludeTakesAPathRelativeToTheIncludingFileOrAnAbsoluteOne() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("include-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "bitkit launch\n".write(to: folder.appendingPathComponent("part.steps"), atomically: true, encoding: .utf8)
    let relative = try ScenarioParser.parse(
        text: "include part.steps\n", file: folder.appendingPathComponent("main.scenario").path)
    let absolute = try ScenarioParser.parse(
        text: "include \(folder.appendingPathComponent("part.steps").path)\n", file: "elsewhere/main.scenario")
    #expect(relative.steps.map(\.kind) == absolute.steps.map(\.kind))
    #expect(absolute.steps.count == 1)
    #expect(throws: ScenarioError.self) {
        try ScenarioParser.parse(text: "include /no/such/part.steps\n", file: "main.scenario")
    }
}

@Test func tagsExamplesAndTheNewExpectationsParse() throws {
    let scenario = try ScenarioParser.parse(
        text: """
            title: Nine keys
            tags: manual, pubky-choice lock
            examples:
            | ROW | SCREEN        |
            | 1   | createProfile |
            | 2   | pay contacts  |
            bitkit open {SCREEN}
            key K secret {SECRET}
            expect elapsed [?op=bitkit.pick.before-record-check][-1] [?event=toast][-1] <= 2000
            expect bitkit state .reference absent
            expect last .rows[{ROW}].id exists
            expect last .latency < 2000
            expect last .caption !~ ^[a-z]
            """.replacingOccurrences(of: "{SECRET}", with: "{ROW}"), file: "s.scenario")
    #expect(scenario.tags == ["manual", "pubky-choice", "lock"])
    let examples = try #require(scenario.examples)
    #expect(examples.columns == ["ROW", "SCREEN"])
    #expect(examples.rows.map(\.number) == [1, 2])
    #expect(examples.rows[1].bindings.map(\.value) == ["2", "pay contacts"])
    #expect(examples.rows[0].line == 5)
    #expect(scenario.steps.count == 7)
    #expect(scenario.steps[0].line == 7)
    #expect(
        scenario.steps[2].kind
            == .expect(
                .elapsed(
                    from: "[?op=bitkit.pick.before-record-check][-1]", to: "[?event=toast][-1]",
                    comparison: .lessOrEqual, value: "2000")))
    #expect(
        scenario.steps[3].kind
            == .expect(
                .json(
                    subject: .command(tool: .bitkit, arguments: ["state"]), path: ".reference", comparison: .absent,
                    value: "")))
    #expect(
        scenario.steps[5].kind == .expect(.json(subject: .last, path: ".latency", comparison: .less, value: "2000")))
    #expect(
        scenario.steps[6].kind
            == .expect(.json(subject: .last, path: ".caption", comparison: .notMatches, value: "\"^[a-z]\"")))
    let runs = try scenario.runs()
    #expect(runs.map { $0.example?.number } == [1, 2])
    #expect(try scenario.runs(onlyRow: 2).map { $0.example?.label } == ["ROW=2, SCREEN=pay contacts"])
    #expect(throws: ScenarioError.self) { try scenario.runs(onlyRow: 3) }
}

@Test func malformedTablesTagsAndComparisonsAreReportedWithTheirLine() {
    for (text, line) in [
        ("examples:\n| A |\n", 1),
        ("examples:\n| A | B |\n| 1 |\n", 3),
        ("examples:\n| a |\n| 1 |\n", 2),
        ("tags:\n", 1),
        ("expect last .x < many\n", 1),
        ("expect last .x absent 3\n", 1),
        ("expect elapsed [0] [1] ~ 3\n", 1),
        ("expect last .x =\n", 1),
    ] {
        #expect(throws: ScenarioError.self, "\(text)") { try ScenarioParser.parse(text: text, file: "s") }
        do {
            _ = try ScenarioParser.parse(text: text, file: "s")
        } catch {
            #expect(error.line == line, "\(text)")
        }
    }
}

@Test func aKeyCanBeBoundToASecretInTheLastOutput() throws {
    let scenario = try ScenarioParser.parse(text: "ring state\nkey B = .items[0].data\nexpect records {B}\n", file: "s")
    #expect(scenario.steps[1].kind == .bindKey(name: "B", path: ".items[0].data"))
}
