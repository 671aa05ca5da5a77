import AppSupport
import Foundation

@testable import RunReport

/// Hand-made records: the pages are pure functions of them.
enum ReportSamples {
    static let secretA = String(repeating: "01", count: 32)
    static let accountA = "app.pubkyring:tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy"
    static let accountB = "app.pubkyring:orhzqdiexwmi6iidktucgud63ufa5nwtsuzdxe176a8izd6jsqky"

    static let pubkyChoice = Screen(
        app: "bitkit", route: "pubkyChoice", title: "Enter the\nfreedom web",
        texts: ["Use an existing pubky from Pubky Ring."],
        rows: [Screen.Row(id: "PubkyChoiceRing_1", title: "tkrq...p7qy", caption: "TKRQ...P7QY", pills: ["Signed up"])],
        buttons: [Screen.Button(id: "PubkyChoiceCreate", label: "Create new pubky")],
        toasts: [Toast(.error, "Could Not Use Pubky", "Authentication failed: Pubky Ring key unavailable")],
        stack: ["home", "pubkyChoice"])

    static let ringHome = Screen(
        app: "ring", route: "home", title: "Pubky Ring", texts: ["Get started,\nadd a pubky."],
        rows: [
            Screen.Row(
                id: "offer_1", title: "pubky #1 (Bitkit)", caption: "aihfh...na3iy", pills: ["Bitkit pubky"],
                button: "Use in Pubky Ring", style: "dashed")
        ],
        sheet: Screen.Sheet(
            id: "delete-pubky", title: "Delete Pubky", texts: ["Do you want to delete this pubky?"],
            buttons: [Screen.Button(id: "cancel", label: "Cancel"), Screen.Button(id: "delete", label: "Delete")]),
        toasts: [Toast(.success, "Pubky imported")])

    static func step(_ number: Int, failing: Bool = false) -> StepRecord {
        var expectations = [
            ExpectationRecord(source: "expect bitkit screen pubkyChoice", passed: true, concern: .phone(.bitkit)),
            ExpectationRecord(source: "expect records app.pubkyring:{A}", passed: true, concern: .world),
        ]
        if failing {
            expectations.append(
                ExpectationRecord(
                    source: "expect ring title \"Wrong title\"", passed: false, concern: .phone(.ring),
                    expected: ".title = \"Wrong title\"", found: ".title = \"Pubky Ring\""))
        }
        return StepRecord(
            number: number, command: "bitkit pick {A}", location: "Fixtures/scenarios/x.scenario:\(number + 3)",
            notes: ["Bitkit adopts A"], remarks: ["(ring goes to the background)"], actor: .bitkit,
            bitkit: PhoneState(screen: pubkyChoice, shownAtStep: number),
            ring: PhoneState(screen: ringHome, shownAtStep: 1), device: DeviceStatus(lock: "locked"),
            expectations: expectations,
            records: [
                SharedRecordRow(
                    record: accountA, owner: "app.pubkyring", detail: "WhenUnlockedThisDeviceOnly", byteCount: 64,
                    change: .added),
                SharedRecordRow(
                    record: accountB, owner: "app.pubkyring", detail: "WhenUnlockedThisDeviceOnly", byteCount: 64,
                    change: .removed),
            ],
            journal: [JournalLine(seq: 41, app: "bitkit", event: "keychain", text: "copy \(accountA) status 0")])
    }

    /// The iOS shared group's words for the table.
    static let keychainGroup = SharedRecordsLayout(
        place: "Shared keychain group", recordHeading: "Account", ownerHeading: "Owner prefix",
        detailHeading: "Accessibility", detailKey: "accessibility", empty: "The group holds no record.")

    static let chart = SequenceChart(
        participants: [
            .init(id: "B", name: "Bitkit"), .init(id: "S", name: "Shared group"), .init(id: "R", name: "Pubky Ring"),
            .init(id: "N", name: "Backend"),
        ],
        items: [
            .message(from: "R", to: "S", text: "add app.pubkyring:tkrq8…p7qy → ok"),
            .message(from: "B", to: "S", text: "read app.pubkyring:tkrq8…p7qy → -25300"),
            .note(over: ["B"], text: "toast show Profile Disconnected"),
            .note(over: ["B", "R"], text: "lock"),
        ])

    static func scenario(failing: Bool = false, tags: [String] = []) -> ScenarioRecord {
        ScenarioRecord(
            file: "Fixtures/scenarios/07-ring-deletes.scenario", name: "07-ring-deletes",
            title: "7. Ring deletes the picked pubky", tags: tags, passed: !failing, seconds: 0.4321, seed: 7,
            steps: [step(1), step(2, failing: failing)], records: keychainGroup,
            failure: failing
                ? ScenarioRecord.Failure(
                    location: "Fixtures/scenarios/x.scenario:5", step: "expect ring title \"Wrong title\"",
                    expected: ".title = \"Wrong title\"", actual: ".title = \"Pubky Ring\"") : nil,
            failedStep: failing ? 2 : nil,
            audit: failing ? nil : AuditSummary(passed: true, summary: "6 invariants hold over 40 journal entries."),
            sequence: chart, secrets: [secretA])
    }

    static let race = RaceRecord(
        title: "Race: ring relaunch ∥ bitkit foreground",
        command: "simctl race --a 'ring relaunch' --b 'bitkit foreground' --iterations 20",
        summary: ["20 iterations in 0.4 s", "seed 1, jitter 0.0 ms"], lanes: ["ring relaunch", "bitkit foreground"],
        outcomes: [
            .init(outcome: "shared: [app.pubkyring:tkrq8…p7qy]; .reference.pubky = \"tkrq\"", count: 15, failed: false),
            .init(
                outcome: "shared: [app.pubkyring:tkrq8…p7qy]; .reference.pubky = null", count: 5, failed: true,
                caseID: "iteration-7"),
        ],
        failedCount: 5,
        cases: [
            RaceCase(
                id: "iteration-7", heading: "Iteration 7 (seed 8)", failed: true,
                outcome: "shared: [app.pubkyring:tkrq8…p7qy]; .reference.pubky = null",
                failures: ["invariant `expect bitkit state .reference.pubky = {A}`: expected …, got null"],
                replay: "simctl race --a 'ring relaunch' --b 'bitkit foreground' --iterations 1 --seed 8",
                schedule: [
                    "a:start", "b:start", "b:bitkit.source-check.before-lookup",
                    "a:ring.setOwned.between-delete-and-add",
                ]
                .map(SchedulePoint.init(trace:)),
                sequence: chart, journal: ["#40 ring keychain delete app.pubkyring:tkrq… 0"])
        ])

    /// Counts the non-overlapping occurrences of `needle`.
    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
