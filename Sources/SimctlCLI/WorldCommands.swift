import Backend
import ContractNames
import Device
import Foundation
import Platforms
import SimCLI
import Simulation
import WorldFiles

/// `simctl world …`: create and describe worlds.
enum WorldCommands {
    static let group = Command(
        "world", summary: "Create or describe a world directory.", subcommands: [initialize, show])

    struct WorldOutput: Encodable {
        var root: String
        var device: DeviceState
    }

    static let initialize = Command(
        "init",
        summary: "Create a world: shared group, device (unlocked, nothing installed), journal, private keychains.",
        usage: "[--platform ios|android] [--with-apps [--defect NAME]…] [--seed N]",
        details:
            "--with-apps also installs Bitkit (regtest) and Pubky Ring, the catalogue's baseline devices; --defect NAME (repeatable) installs the app whose code carries that named defect with it (Docs/defects.md). --seed fixes the world's random sequence (keys, tokens, nonces), so a run replays byte for byte; the default is 0. --platform android makes a world of Android phones (Docs/android.md): no shared keychain group, each app shares through its content provider; both apps follow the platform for the world's lifetime (default ios).",
        examples: [
            "simctl world init --world \"$(mktemp -d)/world\"",
            "W=$(mktemp -d)/world",
            "simctl world init --with-apps --seed 7 --world \"$W\"",
            "simctl world init --platform android --with-apps --world \"$(mktemp -d)/android\"",
            "cd \"$W\" && simctl world show",
        ]
    ) { args, invocation in
        let withApps = args.flag("--with-apps")
        let platform = try args.platform()
        let seed = try args.option("--seed", expecting: "a whole number") { UInt64($0) } ?? 0
        let defects = try DefectCatalogue.parse(args.options("--defect"))
        try args.finish()
        if !defects.isEmpty, !withApps {
            throw CLIError.usage("--defect needs --with-apps (or use simctl install --defect).")
        }
        let world = invocation.world
        try world.create()
        let start = try DeviceClock(world: world).now()
        try BackendAccess.run { () throws(BackendError) in
            try Backend.create(at: world.backendDatabase.path, now: start)
        }
        let store = DeviceStore(world: world)
        try store.update { state in
            state.seed = seed
            state.platform = platform
            if withApps {
                state.apps[.bitkit] = InstalledApp(
                    kind: .bitkit, network: .regtest, installOrder: 1, defects: defects.filter { $0.app == .bitkit })
                state.apps[.ring] = InstalledApp(
                    kind: .ring, installOrder: 2, defects: defects.filter { $0.app == .ring })
            }
        }
        if withApps {
            for app in AppKind.allCases {
                try FileManager.default.createDirectory(
                    at: world.sandbox(app), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
        }
        // The seed, not the folder: two worlds made alike journal alike wherever they live.
        let defectNote = defects.isEmpty ? "" : ", defects \(defects.map(\.rawValue).joined(separator: ","))"
        let platformNote = platform.isDefault ? "" : ", platform \(platform.rawValue)"
        invocation.journalTool(
            .worldInit, detail: "seed \(seed)" + platformNote + (withApps ? ", with apps" : "") + defectNote)
        let state = try store.read()
        try invocation.emit(
            WorldOutput(root: world.root.path, device: state),
            text: "Created " + (platform.isDefault ? "" : "an \(platform.displayName) ")
                + "world at \(world.root.path).")
    }

    static let show = Command(
        "show", summary: "Show the device state of the world.", examples: ["simctl world show --json"]
    ) { args, invocation in
        try args.finish()
        let state = try DeviceStore(world: invocation.world).read()
        try invocation.emit(
            WorldOutput(root: invocation.world.root.path, device: state),
            text: DeviceText.describe(state, world: invocation.world))
    }
}

/// Plain-text rendering of the device state.
enum DeviceText {
    static func describe(_ state: DeviceState, world: World) -> String {
        var lines = [
            "World: \(world.root.path)", "Platform: \(state.platform.displayName)",
            "Device: \(state.protection.rawValue)",
        ]
        if let clock = try? DeviceClock(world: world).read() {
            lines.append("Clock: \(DeviceClockText.describe(clock))")
        }
        if state.apps.isEmpty { lines.append("Apps: none installed") }
        let os = PlatformOS.of(state)
        for app in state.allInstalls {
            let kind = app.kind
            let facts = os.facts(of: app)
            var line = "App: \(kind.rawValue) (\(facts.deviceName))"
            if let network = app.network {
                line += ", network \(network.rawValue)"
                if let prefix = facts.ownPrefix { line += ", prefix \(prefix)" }
            }
            if let certificate = facts.certificate { line += ", signed by \(certificate)" }
            if app.build != .current { line += ", \(app.build.rawValue) build" }
            if facts.lacksSharedGroup { line += ", shared group NOT entitled" }
            if !app.defects.isEmpty { line += ", DEFECTS \(app.defects.map(\.rawValue).joined(separator: " "))" }
            line += ", URL schemes \(app.urlSchemes.joined(separator: " "))"
            line += state.isOnline(kind) ? ", online" : ", offline"
            lines.append(line)
        }
        for fault in state.faults {
            lines.append(
                "Fault #\(fault.id): \(fault.app.rawValue) \(fault.operation.rawValue) \(fault.account) → \(fault.status)"
                    + (fault.remaining.map { " (\($0) left)" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }
}

extension Invocation {
    /// Records a simctl action in the journal (a journal that cannot take it fails the command).
    func journalTool(_ op: DeviceOp, detail: String? = nil) {
        environment(.bitkit).record(JournalEntry(app: "simctl", kind: .device(op), detail: detail))
    }

    /// The world as `app` sees it in this run: simctl's way to the device clock, the random
    /// sequence and the backend client.
    func environment(_ app: AppKind) -> AppEnvironment {
        AppEnvironment(world: world, app: app, run: run)
    }
}
