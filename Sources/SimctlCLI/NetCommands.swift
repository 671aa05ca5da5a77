import Device
import SimCLI

/// `simctl net …`: connectivity of each app.
enum NetCommands {
    static let group = Command(
        "net", summary: "Cut or restore an app's network (world services are configured with `simctl net` too once the backend exists).",
        subcommands: [appConnectivity])

    struct ConnectivityOutput: Encodable {
        var online: [AppKind]
        var offline: [AppKind]
    }

    static let appConnectivity = Command(
        "app", summary: "Set an app (or all) online or offline.",
        usage: "bitkit|ring|all online|offline", examples: ["simctl net app bitkit offline", "simctl net app all online"]
    ) { args, invocation in
        let target = try args.positional("bitkit|ring|all")
        let mode = try args.positional("online|offline")
        try args.finish()
        let apps: [AppKind]
        if target == "all" { apps = AppKind.allCases } else {
            guard let app = AppKind(argument: target) else { throw CLIError.usage("Unknown app '\(target)': expected bitkit, ring or all.") }
            apps = [app]
        }
        guard mode == "online" || mode == "offline" else { throw CLIError.usage("Expected online or offline, got '\(mode)'.") }
        let state = try DeviceStore(world: invocation.world).update { state -> DeviceState in
            for app in apps {
                if mode == "offline" { state.offlineApps.insert(app) } else { state.offlineApps.remove(app) }
            }
            return state
        }
        AppEnvironment(world: invocation.world, app: .bitkit).journalTool("net-\(mode)", detail: apps.map(\.rawValue).joined(separator: ","))
        try invocation.emit(
            ConnectivityOutput(online: AppKind.allCases.filter { state.isOnline($0) }, offline: AppKind.allCases.filter { !state.isOnline($0) }),
            text: apps.map { "\($0.displayName) is \(mode)." }.joined(separator: "\n"))
    }
}
