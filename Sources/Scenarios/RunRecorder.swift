import AppSupport
import Audit
import ContractNames
import Device
import Foundation
import IdentitySharing
import Keychain
import Platforms
import PubkyCrypto
import RunReport
import Simulation
import WorldFiles

/// Collects what a scenario's report page shows while the scenario runs: after each step, both
/// apps' last screens, the device's lock state, what the device shares (in the run's platform's
/// neutral view: the keychain group's items on iOS, the providers' rows on Android) and the new
/// journal events, read in-process from the world (no extra tool processes). It exists only when a
/// report was asked for (`ScenarioRunner.recordReport`).
package struct RunRecorder {
    private(set) var steps: [StepRecord] = []
    private(set) var failedStep: Int?
    package var audit: AuditSummary?
    private var pendingNotes: [String] = []
    private var transcriptMark = 0
    private var journal: JournalTail
    private var entries: [JournalEntry] = []
    private var shared: [String: SharedRecord] = [:]
    private var sharedOrder: [String] = []
    /// The OS of the run's platform: what it shares, and how its table names them.
    private let os: any PhoneOS
    private var phones: [Phone: PhoneState] = [:]
    private var device = DeviceStatus(lock: ProtectionState.unlocked.rawValue)
    /// The tool of the last command: what `expect last`, `expect exit` and `expect output` look at.
    private var lastTool: Tool?
    private var secrets: Set<String> = []
    package let world: World

    package init(world: URL, platform: Platform) {
        self.world = World(root: world)
        os = PlatformOS.of(platform)
        journal = JournalTail(world: self.world)
    }

    /// The first step: the world the scenario starts from.
    package mutating func recordWorldCreated(command: String, transcript: [String]) {
        transcriptMark = transcript.count
        var record = StepRecord(number: 1, command: command)
        readDevice()
        capture(into: &record, readingShared: true)
        steps.append(record)
    }

    /// Records a step after it ran; `failure` is set when it failed.
    package mutating func record(_ step: Step, failure: ScenarioResult.Failure?, run: ScriptRun) {
        let added = run.transcript[min(transcriptMark, run.transcript.count)...].map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        transcriptMark = run.transcript.count
        switch step.kind {
        case .note:
            pendingNotes += added.filter { $0.hasPrefix("# ") }.map { String($0.dropFirst(2)) }
        case .focus:
            pendingNotes.append(step.source)
        case .key:
            break
        case .set, .bindKey:
            appendToLast(remarks: added.filter { $0.hasPrefix("= ") })
        case .expect(let expectation):
            var last = steps.count - 1
            if last < 0 {
                steps.append(StepRecord(number: 1, command: "(before the first step)"))
                last = 0
            }
            steps[last].expectations.append(
                ExpectationRecord(
                    source: step.source, passed: failure == nil, concern: concern(of: expectation, run: run),
                    expected: failure?.expected, found: failure?.actual, location: "\(step.file):\(step.line)"))
            if failure != nil { failedStep = steps[last].number }
            return
        case .wait, .waitFor, .run:
            var record = StepRecord(
                number: steps.count + 1, command: step.source, location: "\(Self.shown(step.file)):\(step.line)",
                notes: pendingNotes, remarks: added.filter(Self.isRemark))
            pendingNotes = []
            var background = false
            if case .run(let tool, _, let isBackground, _) = step.kind {
                lastTool = tool
                background = isBackground
                record.actor = tool.appName.flatMap(Phone.init(rawValue:)) ?? Self.receiver(of: step, run: run)
                if tool == .simctl { readDevice() }
                if !isBackground, let output = run.lastOutput {
                    if output.status != 0 {
                        record.output =
                            "exit \(output.status): "
                            + output.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
                    } else if tool == .simctl {
                        let summary = TranscriptText.summary(output.stdout)
                        if !summary.isEmpty { record.output = summary }
                    }
                }
                if let phone = record.actor, !isBackground { updateScreen(phone, run: run, step: record.number) }
            } else {
                for phone in Phone.allCases { updateScreen(phone, run: run, step: record.number) }
            }
            capture(into: &record, readingShared: !background)
            steps.append(record)
        }
        guard let failure else { return }
        // A step that failed on its own (an exit status, a timeout, an unknown symbol).
        let concern: ExpectationRecord.Concern = steps.last?.actor.map { .phone($0) } ?? .world
        appendFailure(
            ExpectationRecord(
                source: step.source, passed: false, concern: concern, expected: failure.expected, found: failure.actual)
        )
    }

    /// The record of the whole run, once it ended (and before its world is deleted).
    package mutating func finish(result: ScenarioResult, symbols: Symbols) -> ScenarioRecord {
        let late = journal.next()
        entries += late
        if !late.isEmpty || (result.failure != nil && failedStep == nil && audit == nil) {
            // Background steps that ended with the scenario.
            var record = StepRecord(number: steps.count + 1, command: "(end of the scenario)")
            record.bitkit = phones[.bitkit] ?? PhoneState()
            record.ring = phones[.ring] ?? PhoneState()
            record.device = device
            record.records = currentRows()
            record.journal = late.map(Self.line)
            steps.append(record)
            if let failure = result.failure, failedStep == nil, audit == nil {
                appendFailure(
                    ExpectationRecord(
                        source: failure.step, passed: false, concern: .world, expected: failure.expected,
                        found: failure.actual))
            }
        }
        for key in symbols.keys.values { secrets.insert(key.secretHex) }
        for value in Symbols.constants.values where value.contains(" ") { secrets.insert(value) }
        return ScenarioRecord(
            file: result.file, name: result.name, title: result.title, tags: result.tags, passed: result.passed,
            seconds: result.seconds ?? 0,
            seed: result.seed, steps: steps,
            records: os.recordsLayout,
            failure: result.failure.map {
                ScenarioRecord.Failure(
                    location: Self.shown($0.location), step: $0.step, expected: $0.expected, actual: $0.actual)
            },
            failedStep: failedStep, audit: audit, sequence: SequenceDiagram.chart(entries),
            secrets: secrets.sorted(), runFolder: world.root.deletingLastPathComponent().path)
    }

    // MARK: Capturing the world

    private mutating func capture(into record: inout StepRecord, readingShared: Bool) {
        record.bitkit = phones[.bitkit] ?? PhoneState()
        record.ring = phones[.ring] ?? PhoneState()
        record.device = device
        let new = journal.next()
        entries += new
        record.journal = new.map(Self.line)
        record.records = readingShared ? readShared() : currentRows()
    }

    /// What the device shares now (the platform's neutral view), each row marked against the
    /// previous capture.
    private mutating func readShared() -> [SharedRecordRow] {
        guard let state = try? DeviceStore(world: world).read(),
            let items = try? os.sharedRecords(in: world, state: state, showSecrets: false, derive: KeyDerivations.pubky)
        else {
            return currentRows()
        }
        var rows: [SharedRecordRow] = []
        var seen = Set<String>()
        var order: [String] = []
        for item in items {
            let key = Self.key(item)
            seen.insert(key)
            order.append(key)
            let change: SharedRecordRow.Change
            if let before = shared[key] {
                change = before == item ? .unchanged : .changed
            } else {
                change = .added
            }
            rows.append(Self.row(item, change: change, detailKey: os.recordsLayout.detailKey))
            remember(secretOf: item)
        }
        for key in sharedOrder where !seen.contains(key) {
            if let gone = shared[key] {
                rows.append(Self.row(gone, change: .removed, detailKey: os.recordsLayout.detailKey))
            }
        }
        shared = Dictionary(items.map { (Self.key($0), $0) }, uniquingKeysWith: { $1 })
        sharedOrder = order
        return rows
    }

    /// The last capture's rows as they stand (a step that could not have changed what is shared).
    private func currentRows() -> [SharedRecordRow] {
        sharedOrder.compactMap { key in
            shared[key].map { Self.row($0, change: .unchanged, detailKey: os.recordsLayout.detailKey) }
        }
    }

    /// One row per record and platform place (on iOS the service).
    package static func key(_ record: SharedRecord) -> String {
        (record.platform["service"] ?? "") + "\u{0}" + record.record
    }

    private mutating func remember(secretOf item: SharedRecord) {
        if let text = String(validating: item.bytes, as: UTF8.self)?.trimmingCharacters(in: .whitespacesAndNewlines),
            text.count >= 32
        {
            secrets.insert(text)
        }
        if item.bytes.count == 32 || item.bytes.count == 64 { secrets.insert(Hex.encode(item.bytes)) }
    }

    private mutating func readDevice() {
        guard let state = try? DeviceStore(world: world).read() else { return }
        device = DeviceStatus(
            lock: state.protection.rawValue,
            offline: Phone.allCases.filter { phone in state.offlineApps.contains { $0.rawValue == phone.rawValue } })
    }

    private mutating func updateScreen(_ phone: Phone, run: ScriptRun, step: Int) {
        guard let raw = run.lastScreen[phone.rawValue],
            let data = try? JSONSerialization.data(withJSONObject: raw),
            let screen = try? JSONDecoder().decode(Screen.self, from: data)
        else { return }
        if phones[phone]?.screen != screen { phones[phone] = PhoneState(screen: screen, shownAtStep: step) }
    }

    // MARK: Helpers

    /// The app `simctl open-url` delivered its link to: the phone that acted.
    private static func receiver(of step: Step, run: ScriptRun) -> Phone? {
        guard ScriptRun.isOpenURL(step), let output = run.lastOutput, output.status == 0,
            let delivery = (try? ExpectationEvaluator.parseJSON(output.stdout)) as? [String: Any]
        else { return nil }
        return (delivery["receivedBy"] as? String).flatMap(Phone.init(rawValue:))
    }

    private mutating func appendToLast(remarks: [String]) {
        guard !remarks.isEmpty, !steps.isEmpty else { return }
        steps[steps.count - 1].remarks += remarks
    }

    private mutating func appendFailure(_ record: ExpectationRecord) {
        guard !steps.isEmpty else { return }
        steps[steps.count - 1].expectations.append(record)
        failedStep = steps[steps.count - 1].number
    }

    /// Which pane an expectation belongs next to.
    private func concern(of expectation: Expectation, run: ScriptRun) -> ExpectationRecord.Concern {
        func phone(_ app: String?) -> ExpectationRecord.Concern {
            app.flatMap(Phone.init(rawValue:)).map { .phone($0) } ?? .world
        }
        switch expectation {
        case .json(.screen(let app), _, _, _):
            return phone(app ?? run.lastAppScreen?["app"] as? String)
        case .json(.command(let tool, _), _, _, _):
            return phone(tool.appName)
        case .json(.last, _, _, _), .exitStatus, .output:
            return phone(lastTool?.appName)
        case .elapsed:
            return .world
        }
    }

    /// A path as the page shows it: relative to the current folder when inside it, so the same run
    /// gives the same page on another machine (included files resolve to absolute paths).
    package static func shown(_ path: String) -> String {
        let folder = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }

    /// The transcript lines a step's record keeps: what the focus rule did, background steps.
    package static func isRemark(_ line: String) -> Bool {
        (line.hasPrefix("(") && line.hasSuffix(")")) || line.hasPrefix("… ")
    }

    package static func row(_ item: SharedRecord, change: SharedRecordRow.Change, detailKey: String) -> SharedRecordRow
    {
        // A record outside the contract's prefixes still shows what it starts with.
        let owner =
            item.owner ?? (item.record.contains(":") ? item.record.split(separator: ":").first.map(String.init) : nil)
        return SharedRecordRow(
            record: item.record, owner: owner, detail: item.platform[detailKey] ?? "—", byteCount: item.bytes.count,
            change: change)
    }

    package static func line(_ entry: JournalEntry) -> JournalLine {
        var words: [String] = []
        if let op = entry.op { words.append(op) }
        if let account = entry.account { words.append(account) }
        if let status = entry.status { words.append("status \(status)") }
        if entry.data == true { words.append("(secret crossed)") }
        if let count = entry.count { words.append("count \(count)") }
        if let detail = entry.detail { words.append(detail) }
        return JournalLine(seq: entry.seq, app: entry.app, event: entry.event, text: words.joined(separator: " "))
    }
}
