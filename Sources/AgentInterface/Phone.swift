import AppSupport
import ContractNames
import Device
import Foundation
import PhonePicture
import Platforms
import RunReport
import Scenarios
import SimCLI
import WorldFiles

/// The simulated phone as an agent's tools reach it. An app action goes to a long-lived serving
/// process of the app's own tool (`bitkit-sim --serve`, `ring-sim --serve`): exactly the command a
/// shell would run, one app run of its own, without a process start-up. A `simctl` command runs in
/// this process through the same `ToolServer` a serving `simctl` uses. Nothing of the phone is held
/// here: every answer comes from the world's files.
final class Phone {
    /// What a command did: its exit status and output.
    struct Reply {
        var status: Int32
        var stdout: String
        var stderr: String

        /// The command's message on failure: its `error:` lines without the prefix, or its notices.
        var message: String {
            let lines = stderr.split(separator: "\n").map(String.init)
            let errors = lines.filter { $0.hasPrefix("error: ") }.map { String($0.dropFirst("error: ".count)) }
            if !errors.isEmpty { return errors.joined(separator: " ") }
            let notices = lines.filter { $0.hasPrefix("notice: ") }.map { String($0.dropFirst("notice: ".count)) }
            if !notices.isEmpty { return notices.joined(separator: " ") }
            return stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// The app refused the action (a tap on an element not shown, disabled or not simulated).
        var notice: String? {
            let notices = stderr.split(separator: "\n").filter { $0.hasPrefix("notice: ") }
            guard !notices.isEmpty else { return nil }
            return notices.map { String($0.dropFirst("notice: ".count)) }.joined(separator: " ")
        }
    }

    /// An app installed on the phone, as the agent names it.
    struct Installed: Equatable {
        var app: AgentApp
        /// `to.bitkit` on iOS; the package on Android.
        var bundleId: String
        /// `--package P` for Bitkit when several flavours are installed (Android).
        var package: String?
    }

    let world: World
    private let simctlServer: ToolServer
    private let serving: ServingTools
    private var runs: UInt32 = 0
    /// Serving processes that do not answer within this long are killed (a breakpoint someone
    /// forgot): the call fails rather than hanging the agent.
    static let replyTimeout: TimeInterval = 300

    init(world: World, simctl: SimCLI.Tool, durable: Bool, binDirectory: URL = SiblingTool.directory) {
        self.world = world
        simctlServer = ToolServer(tool: simctl, base: durable ? [:] : ["SIM_NO_FSYNC": "1"])
        serving = ServingTools(binDirectory: binDirectory, durable: durable)
    }

    /// Ends the serving processes.
    func close() { serving.shutdown() }

    /// Runs `arguments` as the app's own command (`bitkit-sim …`, `ring-sim …`) in this world.
    func run(_ installed: Installed, _ arguments: [String]) throws -> Reply {
        let tool: Scenarios.Tool = installed.app == .bitkit ? .bitkit : .ring
        let package = installed.package.map { ["--package", $0] } ?? []
        let command = try serving.start(tool, package + arguments + ["--world", world.root.path], environment: [:])
        let result = command.wait(timeout: Self.replyTimeout)
        if result.timedOut {
            throw AgentFailure(
                "\(installed.app.displayName) did not answer within \(Int(Self.replyTimeout)) s "
                    + "(paused at a breakpoint? `simctl continue \(installed.app.rawValue)`)", code: 1)
        }
        return Reply(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// Runs `simctl arguments…` in this world, in this process.
    func simctl(_ arguments: [String]) -> Reply {
        runs += 1
        let reply = simctlServer.answer(
            ToolServer.Request(arguments: arguments + ["--world", world.root.path]), run: runs)
        return Reply(status: reply.status, stdout: reply.stdout, stderr: reply.stderr)
    }

    /// `simctl arguments… --json`, decoded; a failure carries the command's message and code.
    func simctlJSON(_ arguments: [String]) throws -> JSONValue {
        let reply = simctl(arguments + ["--json"])
        guard reply.status == 0 || !reply.stdout.isEmpty,
            let value = try? JSONDecoder().decode(JSONValue.self, from: Data(reply.stdout.utf8))
        else {
            throw AgentFailure(reply.message, code: reply.status == 0 ? 1 : reply.status)
        }
        if reply.status != 0, value["error"] != nil, value.object?.count == 1 {
            throw AgentFailure(reply.message, code: reply.status)
        }
        return value
    }

    // MARK: The device

    /// The device's state file, read as `simctl status` reads it.
    func device() throws -> DeviceState {
        do {
            try world.requireExists()
            return try DeviceStore(world: world).read()
        } catch {
            throw AgentFailure(ErrorReport(error, command: "simctl mcp").message, code: 3)
        }
    }

    /// The platform the world was made for.
    func platform(_ device: DeviceState) -> Platform { device.platform }

    /// The apps installed, Bitkit's flavours first, then Ring, each by the name its OS gives it
    /// (`to.bitkit` for every flavour on iOS, the flavour's package on Android). Only flavours
    /// installed side by side name their package to the app's tool.
    func installed(_ device: DeviceState) -> [Installed] {
        let os = PlatformOS.of(device)
        let bitkits = device.bitkitInstalls
        var apps = bitkits.map { install in
            Installed(
                app: .bitkit, bundleId: os.facts(of: install).deviceName,
                package: bitkits.count > 1 ? install.package : nil)
        }
        if let ring = device.apps[.ring] {
            apps.append(Installed(app: .ring, bundleId: os.facts(of: ring).deviceName, package: nil))
        }
        return apps
    }

    /// The app a bundle id names: `to.bitkit` (any flavour on iOS; the package on Android) or
    /// `app.pubkyring`. Not installed, or no such app: a tool failure naming what is installed.
    func resolve(_ bundleId: String, _ device: DeviceState) throws -> Installed {
        let apps = installed(device)
        if let exact = apps.first(where: { $0.bundleId == bundleId }) { return exact }
        // Where an app's name is its bundle id whatever the build (iOS), any of its names finds it;
        // where each flavour is its own package (Android), only that package does.
        if let app = Self.app(named: bundleId), let found = apps.first(where: { $0.app == app }),
            let kind = AppKind(rawValue: app.rawValue), let install = device.apps[kind],
            PlatformOS.of(device).facts(of: install).installedAs == nil
        {
            return found
        }
        let names = apps.map(\.bundleId)
        let known = Self.app(named: bundleId)
        let what =
            known.map { "\($0.displayName) (\(bundleId)) is not installed on this phone" }
            ?? "No app with bundle id '\(bundleId)' is installed on this phone"
        throw AgentFailure(
            what
                + (names.isEmpty
                    ? ": nothing is installed (`simctl install bitkit`)."
                    : "; installed: "
                        + names.joined(separator: ", ") + "."),
            code: 3)
    }

    /// The app of a bundle id, whatever the platform: Bitkit's flavours or Ring's.
    static func app(named bundleId: String) -> AgentApp? {
        if bundleId == "to.bitkit" || bundleId.hasPrefix("to.bitkit.") { return .bitkit }
        if bundleId == "app.pubkyring" || bundleId == "to.pubky.ring" { return .ring }
        return nil
    }

    /// Whether an app runs and is in front, as its own `state` says.
    struct Lifecycle: Equatable {
        var running: Bool
        var foreground: Bool
    }

    func lifecycle(_ installed: Installed) throws -> Lifecycle {
        let reply = try run(installed, ["state", "--json"])
        guard reply.status == 0, let state = try? JSONDecoder().decode(JSONValue.self, from: Data(reply.stdout.utf8))
        else { throw AgentFailure(reply.message, code: reply.status == 0 ? 1 : reply.status) }
        return Lifecycle(
            running: state["running"] == .bool(true), foreground: state["foreground"] == .bool(true))
    }

    /// The app in front: the one whose state says so (Bitkit first when, driven from a shell, both
    /// say so), or nil when every app is in the background or not running.
    func foreground(_ device: DeviceState) throws -> Installed? {
        for installed in installed(device) where try lifecycle(installed).foreground { return installed }
        return nil
    }

    /// The app's current screen (`screen --json`), or nil while it is not running.
    func screen(_ installed: Installed) throws -> Screen? {
        try decodeScreen(try run(installed, ["screen", "--json"]))
    }

    /// The screen an app command printed with `--json`; nil when it printed that the app is not running.
    func decodeScreen(_ reply: Reply) throws -> Screen? {
        guard reply.status == 0 else { throw AgentFailure(reply.message, code: reply.status) }
        let data = Data(reply.stdout.utf8)
        // Ring prints its `none` route while it is not running; Bitkit prints `{"running": false}`.
        if let screen = try? JSONDecoder().decode(Screen.self, from: data) {
            return screen.route == "none" ? nil : screen
        }
        if let value = try? JSONDecoder().decode(JSONValue.self, from: data), value["running"] == .bool(false) {
            return nil
        }
        throw AgentFailure("unexpected output from the app: \(reply.stdout.prefix(200))", code: 1)
    }

    /// The phone's status line for a screenshot of `app`: the lock state as the report words it.
    func status(of app: AgentApp, _ device: DeviceState) -> PhoneLayout.Status {
        let lock = DeviceStatus(lock: device.protection.rawValue)
        return PhoneLayout.Status(
            appName: app.displayName, app: app.rawValue, lock: lock.lockLabel, locked: device.protection != .unlocked,
            offline: !device.isOnline(app == .bitkit ? .bitkit : .ring))
    }
}

/// A tool that ran and failed (spec/10 §1.3): the message the CLI prints, and the exit code the
/// matching command (`simctl ui …`) ends with.
public struct AgentFailure: Error, CustomStringConvertible {
    public var message: String
    public var code: Int32

    init(_ message: String, code: Int32) {
        self.message = message
        self.code = code
    }

    public var description: String { message }
}
