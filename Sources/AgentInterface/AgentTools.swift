import AppSupport
import ContractNames
import Device
import Foundation
import JourneyRunner
import Journeys
import PhonePicture
import Platforms
import Scenarios
import SimCLI
import WorldFiles

/// What a tool call gives back (spec/10 §1.4): content (text, or a PNG image), structured data for
/// tools that return data, and whether the tool failed — with the code the matching `simctl ui`
/// command exits with.
public struct ToolOutcome: Sendable {
    public var text: String
    public var structured: JSONValue?
    public var png: Data?
    public var isError: Bool
    public var code: Int32

    static func failure(_ failure: AgentFailure) -> ToolOutcome {
        ToolOutcome(text: failure.message, structured: nil, png: nil, isError: true, code: failure.code)
    }

    /// The `tools/call` result.
    public var result: JSONValue {
        var content: [JSONValue] = []
        if let png {
            content.append(["type": "image", "mimeType": "image/png", "data": .string(png.base64EncodedString())])
        } else {
            content.append(["type": "text", "text": .string(text)])
        }
        var result: [String: JSONValue] = ["content": .array(content), "isError": .bool(isError)]
        if let structured, !isError { result["structuredContent"] = structured }
        return .object(result)
    }
}

/// The agent's tools (spec/10 §2) over one world: the one implementation behind `simctl mcp` and
/// `simctl ui`. Every tool is the app action or `simctl` command it mirrors, run as that command
/// (`Phone`); what is kept here is only what spec/10 §1.5 allows — the element references of the
/// last snapshot given out, and the field a tap focused.
public final class AgentTools {
    let phone: Phone
    /// The last snapshot whose refs an agent holds.
    private var issued: UISnapshot?
    /// The field the last tap on a field focused: its app's bundle id and the field's id.
    private var focus: (bundleId: String, id: String)?
    /// Draws the screenshots, keeping its surface and buffers between them.
    private var painter: PhonePainter?

    /// `durable`: writes are fsynced (a world someone keeps); `simctl` is the tool whose commands the
    /// `sim_` tools and the clock run.
    public init(world: World, simctl: SimCLI.Tool, durable: Bool) {
        phone = Phone(world: world, simctl: simctl, durable: durable)
    }

    /// Ends the apps' serving processes.
    public func close() { phone.close() }

    /// Runs the tool `arguments.tool` with checked arguments; arguments that do not go together
    /// (a tap with both an id and a label) are invalid params, not a tool failure.
    public func call(_ arguments: ToolArguments) throws(ToolArguments.Invalid) -> ToolOutcome {
        do {
            switch arguments.tool.name {
            case "list_sims": return try listSims()
            case "launch_app_sim": return try launch(arguments.string("bundleId") ?? "")
            case "stop_app_sim": return try stop(arguments.string("bundleId") ?? "")
            case "snapshot_ui": return try snapshotUI(arguments)
            case "tap": return try tap(arguments)
            case "type_text": return try type(arguments)
            case "swipe", "scroll": return try gesture(arguments)
            case "wait_for_ui": return try wait(arguments)
            case "screenshot": return try screenshot(arguments)
            case "open_url": return try openURL(arguments.string("url") ?? "")
            case "button": return try button()
            case "sim_setup": return try setUp(arguments.string("steps") ?? "")
            case "sim_journal": return try journal(arguments)
            case "sim_audit": return try audit()
            case "sim_fault": return try fault(arguments)
            case "sim_status": return try data(phone.simctlJSON(["status"]))
            default: return .failure(AgentFailure("no tool '\(arguments.tool.name)'", code: 2))
            }
        } catch let invalid as ToolArguments.Invalid {
            throw invalid
        } catch let failure as AgentFailure {
            return .failure(failure)
        } catch {
            return .failure(AgentFailure("\(error)", code: 1))
        }
    }

    // MARK: Apps

    private func listSims() throws -> ToolOutcome {
        let device = try phone.device()
        let platform = phone.platform(device)
        var apps: [JSONValue] = []
        for installed in phone.installed(device) {
            let lifecycle = try phone.lifecycle(installed)
            apps.append([
                "bundleId": .string(installed.bundleId), "installed": true, "running": .bool(lifecycle.running),
                "foreground": .bool(lifecycle.foreground),
            ])
        }
        for app in AgentApp.allCases where !phone.installed(device).contains(where: { $0.app == app }) {
            apps.append([
                "bundleId": .string(app == .bitkit ? "to.bitkit" : "app.pubkyring"), "installed": false,
                "running": false, "foreground": false,
            ])
        }
        let name = AgentDialect.phoneName(platform)
        let structured: JSONValue = [
            "udid": "booted", "name": .string(name), "platform": .string(platform.rawValue), "state": "Booted",
            "apps": .array(apps),
        ]
        let lines = apps.map { app -> String in
            let flags = ["installed", "running", "foreground"].filter { app[$0] == .bool(true) }
            return
                "  \(app["bundleId"]?.string ?? "")  \(flags.isEmpty ? "not installed" : flags.joined(separator: ", "))"
        }
        return ToolOutcome(
            text: "\(name) (booted), \(platform.rawValue)\n" + lines.joined(separator: "\n"), structured: structured,
            png: nil, isError: false, code: 0)
    }

    private func launch(_ bundleId: String) throws -> ToolOutcome {
        let device = try phone.device()
        let installed = try phone.resolve(bundleId, device)
        try bringForward(installed, device)
        let screen = try phone.decodeScreen(try phone.run(installed, ["launch", "--json"]))
        return try shown(installed, screen, device)
    }

    private func stop(_ bundleId: String) throws -> ToolOutcome {
        let device = try phone.device()
        let installed = try phone.resolve(bundleId, device)
        let running = try phone.lifecycle(installed).running
        if running {
            let reply = try phone.run(installed, ["kill", "--json"])
            guard reply.status == 0 else { throw AgentFailure(reply.message, code: reply.status) }
        }
        return ToolOutcome(
            text: running ? "\(installed.app.displayName) stopped." : "\(installed.app.displayName) was not running.",
            structured: ["stopped": .bool(running)], png: nil, isError: false, code: 0)
    }

    private func button() throws -> ToolOutcome {
        let device = try phone.device()
        guard let front = try phone.foreground(device) else {
            return ToolOutcome(
                text: "No app is in the foreground: the home screen shows.", structured: [:], png: nil, isError: false,
                code: 0)
        }
        let reply = try phone.run(front, ["background", "--json"])
        guard reply.status == 0 else { throw AgentFailure(reply.message, code: reply.status) }
        return ToolOutcome(
            text: "\(front.app.displayName) went to the background: the home screen shows.", structured: [:],
            png: nil, isError: false, code: 0)
    }

    private func openURL(_ url: String) throws -> ToolOutcome {
        let device = try phone.device()
        let delivery = PlatformOS.of(device).route(url, on: device)
        // As the OS does (and the scenario runner's focus rule): the receiving app comes to the front.
        if let receiver = delivery.receivedBy,
            let installed = phone.installed(device).first(where: { $0.app.rawValue == receiver.rawValue })
        {
            try bringForward(installed, device)
        }
        let value = try phone.simctlJSON(["open-url", url])
        guard let received = value["receivedBy"]?.string, let app = AgentApp(rawValue: received),
            let installed = phone.installed(device).first(where: { $0.app == app })
        else {
            throw AgentFailure(value["message"]?.string ?? "the OS opened nothing", code: 2)
        }
        let screen = try value["screen"].map { try $0.decode(Screen.self) }
        var outcome = try shown(installed, screen, device)
        outcome.structured = outcome.structured.map { $0.merging(["receivedBy": .string(installed.bundleId)]) }
        outcome.text = (value["message"]?.string.map { $0 + "\n" } ?? "") + outcome.text
        return outcome
    }

    /// Sends every other app in front to the background, as a phone shows one app at a time.
    private func bringForward(_ installed: Phone.Installed, _ device: DeviceState) throws {
        for other in phone.installed(device) where other != installed {
            guard try phone.lifecycle(other).foreground else { continue }
            let reply = try phone.run(other, ["background", "--json"])
            guard reply.status == 0 else { throw AgentFailure(reply.message, code: reply.status) }
        }
    }

    // MARK: Screens

    /// The app a call addresses: the named one, else the one in front.
    private func target(_ bundleId: String?, _ device: DeviceState) throws -> Phone.Installed {
        if let bundleId { return try phone.resolve(bundleId, device) }
        guard let front = try phone.foreground(device) else {
            throw AgentFailure(
                "No app is in the foreground: launch one with launch_app_sim (bundleId to.bitkit or app.pubkyring).",
                code: 2)
        }
        return front
    }

    /// The snapshot of `installed`'s current screen.
    private func current(_ installed: Phone.Installed, _ device: DeviceState) throws -> UISnapshot {
        guard let screen = try phone.screen(installed) else { throw notRunning(installed) }
        return snapshot(installed, screen, device)
    }

    private func snapshot(_ installed: Phone.Installed, _ screen: Screen, _ device: DeviceState) -> UISnapshot {
        UISnapshot(
            bundleId: installed.bundleId, app: installed.app, screen: screen, platform: phone.platform(device),
            status: phone.status(of: installed.app, device),
            focused: focus?.bundleId == installed.bundleId ? focus?.id : nil)
    }

    private func notRunning(_ installed: Phone.Installed) -> AgentFailure {
        AgentFailure(
            "\(installed.app.displayName) is not running: launch it with launch_app_sim (bundleId \(installed.bundleId)).",
            code: 2)
    }

    /// A screen an action left, given out as the new snapshot (its refs replace the earlier ones).
    private func shown(_ installed: Phone.Installed, _ screen: Screen?, _ device: DeviceState) throws -> ToolOutcome {
        guard let screen else { throw notRunning(installed) }
        return give(snapshot(installed, screen, device))
    }

    private func give(_ snapshot: UISnapshot, note: String? = nil) -> ToolOutcome {
        issued = snapshot
        return ToolOutcome(
            text: (note.map { $0 + "\n" } ?? "") + snapshot.text, structured: snapshot.structured, png: nil,
            isError: false, code: 0)
    }

    private func snapshotUI(_ arguments: ToolArguments) throws -> ToolOutcome {
        let device = try phone.device()
        let installed = try target(arguments.string("bundleId"), device)
        let snapshot = try current(installed, device)
        if let since = arguments.string("sinceScreenHash"), since == snapshot.screenHash {
            return ToolOutcome(
                text: "unchanged (screenHash \(snapshot.screenHash))",
                structured: ["screenHash": .string(snapshot.screenHash), "unchanged": true], png: nil, isError: false,
                code: 0)
        }
        return give(snapshot)
    }

    private func screenshot(_ arguments: ToolArguments) throws -> ToolOutcome {
        let device = try phone.device()
        let installed = try target(arguments.string("bundleId"), device)
        var snapshot = try current(installed, device)
        // The toasts the last action raised stay on top while its screen shows, as on a phone.
        if let issued, issued.bundleId == installed.bundleId, issued.structureHash == snapshot.structureHash {
            snapshot = issued
        }
        do {
            if painter == nil { painter = try PhonePainter() }
            let png = try painter?.png(snapshot.layout) ?? Data()
            return ToolOutcome(
                text: "\(installed.app.displayName) — \(snapshot.screen.route) (PNG, 780×1688)", structured: nil,
                png: png, isError: false, code: 0)
        } catch {
            throw AgentFailure("could not draw the screenshot: \(error.description)", code: 1)
        }
    }

    private func gesture(_ arguments: ToolArguments) throws -> ToolOutcome {
        let device = try phone.device()
        let installed = try target(arguments.string("bundleId"), device)
        let snapshot = try current(installed, device)
        if let id = arguments.string("id"), element(id, in: snapshot) == nil,
            ElementFinder(platform: snapshot.platform).find(
                .id(id), showing: nil, app: snapshot.app == .bitkit ? .bitkit : .ring, on: snapshot.screen) == nil
        {
            throw AgentFailure(TapRefusal.notShown(id, app: installed.app.displayName).description, code: 2)
        }
        return give(
            snapshot,
            note:
                "\(arguments.string("direction") ?? "swipe"): no effect in the simulator (every element of its screens is reachable)"
        )
    }

    // MARK: Taps and typing

    private func tap(_ arguments: ToolArguments) throws -> ToolOutcome {
        let given = ["id", "label", "elementRef"].filter { arguments.values[$0] != nil }
        let point = (arguments.number("x"), arguments.number("y"))
        let hasPoint = point.0 != nil || point.1 != nil
        guard given.count + (hasPoint ? 1 : 0) == 1, !hasPoint || (point.0 != nil && point.1 != nil) else {
            throw ToolArguments.Invalid(
                description:
                    "tap takes one of id, label, elementRef, or x and y (got \(given.count + (hasPoint ? 1 : 0) == 0 ? "none" : (given + (hasPoint ? ["x/y"] : [])).joined(separator: ", ")))"
            )
        }
        let device = try phone.device()
        if let ref = arguments.string("elementRef") {
            let (installed, snapshot, node) = try referenced(ref, device)
            return try tap(node: node, in: snapshot, installed, device)
        }
        let installed = try target(arguments.string("bundleId"), device)
        if let label = arguments.string("label") {
            return try act(installed, ["tap", "--label", label], device)
        }
        let snapshot = try current(installed, device)
        if let id = arguments.string("id") {
            if let node = element(id, in: snapshot) { return try tap(node: node, in: snapshot, installed, device) }
            // Android Bitkit is addressed by testTags, which its `tap` does not read: not shown is not shown.
            if !AgentDialect.tapReadsIdentifiers(of: installed.app, on: snapshot.platform) {
                throw AgentFailure(TapRefusal.notShown(id, app: installed.app.displayName).description, code: 2)
            }
            // A Ring card's derived part (`…-Content`), or nothing shown: the app acts, or refuses in its own words.
            return try act(installed, ["tap", id], device)
        }
        let (x, y) = (point.0 ?? 0, point.1 ?? 0)
        guard
            let node = snapshot.nodes.map(\.node).last(where: {
                $0.frame.contains(x: x, y: y) && $0.role != .container && $0.role != .text && $0.role != .toast
            })
        else {
            throw AgentFailure(
                "nothing to tap at (\(Self.format(x)), \(Self.format(y))) on \(installed.app.displayName)'s current screen",
                code: 2)
        }
        return try tap(node: node, in: snapshot, installed, device)
    }

    /// A tap on a laid-out element: a field takes the focus (the keyboard is simulated by `type_text`);
    /// anything else is the app's own `tap ID`, which refuses what is disabled or not simulated.
    private func tap(
        node: PhoneNode, in snapshot: UISnapshot, _ installed: Phone.Installed, _ device: DeviceState
    )
        throws -> ToolOutcome
    {
        guard let id = node.id else {
            let what = node.label ?? node.title ?? node.text ?? node.role.rawValue
            throw AgentFailure("'\(what)' has no behaviour to tap on \(installed.app.displayName)'s screen", code: 2)
        }
        if node.role == .field {
            guard node.enabled else { throw AgentFailure(TapRefusal.disabled(id).description, code: 2) }
            focus = (installed.bundleId, id)
            return give(self.snapshot(installed, snapshot.screen, device), note: "\(id) has the focus")
        }
        return try act(installed, ["tap", id], device)
    }

    /// Runs an app action that prints the new screen; a refusal (`notice:`) is the tool's failure.
    private func act(_ installed: Phone.Installed, _ arguments: [String], _ device: DeviceState) throws -> ToolOutcome {
        let reply = try phone.run(installed, arguments + ["--json"])
        if let notice = reply.notice {
            throw AgentFailure(notice.hasSuffix(".") ? String(notice.dropLast()) : notice, code: 2)
        }
        return try shown(installed, try phone.decodeScreen(reply), device)
    }

    /// The element a ref of the last snapshot names, if the screen it came from is still shown.
    private func referenced(_ ref: String, _ device: DeviceState) throws -> (Phone.Installed, UISnapshot, PhoneNode) {
        guard let issued else {
            throw AgentFailure("element reference \(ref) is unknown: take a snapshot_ui first", code: 2)
        }
        let installed = try phone.resolve(issued.bundleId, device)
        let front = try phone.foreground(device)
        let snapshot = try current(installed, device)
        guard front == installed, snapshot.structureHash == issued.structureHash else {
            throw AgentFailure(
                "element reference \(ref) is from an earlier screen: take a new snapshot_ui", code: 2)
        }
        guard let node = snapshot.node(ref: ref) else {
            throw AgentFailure(
                "no element reference \(ref) on \(installed.app.displayName)'s current screen (it has e1–e\(snapshot.nodes.count))",
                code: 2)
        }
        return (installed, snapshot, node)
    }

    /// The element an agent names by id on this platform: its id on iOS, its resourceId on Android
    /// (spec/10 §3.1); the first shown when several share it (every Android Pubky Choice row).
    private func element(_ id: String, in snapshot: UISnapshot) -> PhoneNode? {
        snapshot.nodes.map(\.node).first { $0.role != .toast && snapshot.identifier(of: $0) == id }
    }

    private func type(_ arguments: ToolArguments) throws -> ToolOutcome {
        let device = try phone.device()
        let text = arguments.string("text") ?? ""
        let installed: Phone.Installed
        let id: String
        if let named = arguments.string("id") {
            installed = try target(arguments.string("bundleId"), device)
            let snapshot = try current(installed, device)
            id = element(named, in: snapshot)?.id ?? named
        } else {
            guard let focus else {
                throw AgentFailure("no field has the focus: tap a field first, or name one with id", code: 2)
            }
            installed = try phone.resolve(focus.bundleId, device)
            id = focus.id
        }
        guard installed.app == .bitkit else {
            throw AgentFailure("typing into Pubky Ring's fields is not simulated", code: 2)
        }
        return try act(installed, ["type", id, text], device)
    }

    // MARK: Waiting

    private func wait(_ arguments: ToolArguments) throws -> ToolOutcome {
        let predicate = arguments.string("predicate") ?? "exists"
        let id = arguments.string("id")
        let text = arguments.string("text")
        switch predicate {
        case "enabled" where id == nil:
            throw ToolArguments.Invalid(description: "wait_for_ui with predicate enabled needs the argument 'id'")
        case "textContains" where text == nil:
            throw ToolArguments.Invalid(
                description: "wait_for_ui with predicate textContains needs the argument 'text'")
        case "exists", "gone":
            if id == nil, text == nil {
                throw ToolArguments.Invalid(
                    description: "wait_for_ui with predicate \(predicate) needs the argument 'id' or 'text'")
            }
        default: break
        }
        let limit = arguments.int("timeoutSeconds") ?? JourneyEvaluation.waitLimitSeconds
        let device = try phone.device()
        let installed = try target(arguments.string("bundleId"), device)
        var snapshot = try current(installed, device)
        var waited = 0
        var verdict = check(predicate, id: id, text: text, on: snapshot)
        // As a journey's wait (spec/08 §2.2 row 8): the clock moves 1 s, due work runs, look again.
        while verdict != nil, waited < limit {
            let reply = phone.simctl(["device", "clock", "advance", "1"])
            guard reply.status == 0 else { throw AgentFailure(reply.message, code: reply.status) }
            waited += 1
            snapshot = try current(installed, device)
            verdict = check(predicate, id: id, text: text, on: snapshot)
        }
        if let verdict {
            throw AgentFailure(
                "after \(waited) s: \(verdict); the screen shows \(ElementFinder.summary(of: snapshot.screen))", code: 1
            )
        }
        var outcome = give(snapshot, note: "satisfied after \(waited) s")
        outcome.structured = outcome.structured.map {
            $0.merging(["satisfied": true, "waitedSeconds": .int(waited)])
        }
        return outcome
    }

    /// nil when the predicate holds; else what failed.
    private func check(_ predicate: String, id: String?, text: String?, on snapshot: UISnapshot) -> String? {
        let screen = snapshot.screen
        let wanted = text.map(JourneyEvaluation.normalised)
        let finder = ElementFinder(platform: snapshot.platform)
        let app: JourneyApp = snapshot.app == .bitkit ? .bitkit : .ring
        let found = id.flatMap { finder.find(.id($0), showing: nil, app: app, on: screen) }
        func shows(_ texts: [String]) -> Bool {
            guard let wanted else { return true }
            return texts.contains { JourneyEvaluation.normalised($0).contains(wanted) }
        }
        let present: Bool = id != nil ? found.map { shows($0.texts) } ?? false : shows(ElementFinder.texts(of: screen))
        let subject = id ?? "\"\(text ?? "")\""
        switch predicate {
        case "gone": return present ? "\(subject) is still shown" : nil
        case "enabled":
            guard let found else { return "\(subject) is not shown" }
            return found.disabled ? "\(subject) is disabled" : nil
        case "textContains":
            if id != nil, found == nil { return "\(subject) is not shown" }
            return present ? nil : "\(id.map { "\($0) does not show" } ?? "no text shows") \"\(text ?? "")\""
        default: return present ? nil : "\(subject) is not shown"
        }
    }

    // MARK: The simulator's own

    private func setUp(_ steps: String) throws -> ToolOutcome {
        let device = try phone.device()
        var runner = ScenarioRunner()
        runner.platform = device.platform
        let lines = steps.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            line.trimmingCharacters(in: .whitespaces).hasPrefix("#")
                ? [String(line)] : line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let journeys = JourneyRunner(
            runner: runner, platform: device.platform, world: phone.world.root,
            setup: lines.joined(separator: "\n"), setupPath: "sim_setup")
        let bindings: [String: String]
        do throws(JourneyRunError) {
            bindings = try journeys.setUp()
        } catch {
            switch error {
            case .usage(let message): throw AgentFailure(message, code: 2)
            case .setupFailed(let message): throw AgentFailure(message, code: 1)
            }
        }
        let text = bindings.keys.sorted().map { "<\($0)> = \(bindings[$0] ?? "")" }.joined(separator: "\n")
        return ToolOutcome(
            text: "Setup ran.\n" + text,
            structured: ["bindings": .object(bindings.mapValues { .string($0) })], png: nil, isError: false, code: 0)
    }

    private func journal(_ arguments: ToolArguments) throws -> ToolOutcome {
        var command = ["journal"]
        if let last = arguments.int("last") { command += ["--last", String(last)] }
        if let app = arguments.string("app") { command += ["--app", app] }
        if let event = arguments.string("event") { command += ["--event", event] }
        return try data(phone.simctlJSON(command))
    }

    private func audit() throws -> ToolOutcome {
        // Violations are the audit's answer, not a failure of the tool: the report says which.
        let reply = phone.simctl(["audit", "--json"])
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(reply.stdout.utf8)),
            value["error"] == nil || reply.status == 1
        else { throw AgentFailure(reply.message, code: reply.status == 0 ? 1 : reply.status) }
        return try data(value)
    }

    private func fault(_ arguments: ToolArguments) throws -> ToolOutcome {
        switch arguments.string("action") {
        case "add":
            var command = ["fault", "add"]
            for name in ["app", "op", "group", "account"] {
                if let value = arguments.string(name) { command += ["--\(name)", value] }
            }
            if let status = arguments.int("status") { command += ["--status", String(status)] }
            if let count = arguments.int("count") { command += ["--count", String(count)] }
            let reply = phone.simctl(command)
            guard reply.status == 0 else { throw AgentFailure(reply.message, code: reply.status) }
        case "clear":
            let reply = phone.simctl(["fault", "clear"])
            guard reply.status == 0 else { throw AgentFailure(reply.message, code: reply.status) }
        default: break
        }
        return try data(phone.simctlJSON(["fault", "list"]))
    }

    private func data(_ value: JSONValue) throws -> ToolOutcome {
        ToolOutcome(text: value.pretty(), structured: value, png: nil, isError: false, code: 0)
    }

    private static func format(_ number: Double) -> String {
        number.rounded() == number ? String(Int(number)) : String(number)
    }
}

extension JSONValue {
    /// This object with `other`'s keys added (or replaced).
    func merging(_ other: [String: JSONValue]) -> JSONValue {
        guard case .object(var object) = self else { return self }
        object.merge(other) { _, new in new }
        return .object(object)
    }
}
