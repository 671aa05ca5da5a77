import ContractNames
import Device
import Foundation
import SimCLI

/// `simctl install` / `simctl uninstall`.
enum AppCommands {
    struct InstallOutput: Encodable {
        var app: AppKind
        var install: InstalledApp?
        var updated: Bool
    }

    static func parseApp(_ args: inout Arguments) throws -> AppKind {
        let name = try args.positional("bitkit|ring")
        guard let app = AppKind(argument: name) else {
            throw CLIError.usage("Unknown app '\(name)': expected bitkit or ring.")
        }
        return app
    }

    static let install = Command(
        "install", summary: "Install an app, or update-install it over an existing install (the sandbox is kept).",
        usage: "bitkit|ring [--network bitcoin|testnet|signet|regtest] [--without-shared-group]",
        details: """
            Every Bitkit flavour has bundle id to.bitkit, so installing another network over an existing Bitkit is an
            update-install: same sandbox, new own prefix and private group. --without-shared-group builds an App ID
            without the shared keychain group (its accesses answer errSecMissingEntitlement, -34018).
            """,
        examples: [
            "simctl install bitkit --network regtest", "simctl install ring",
            "simctl install bitkit --network bitcoin --without-shared-group",
        ]
    ) { args, invocation in
        let network = try args.option("--network", expecting: "bitcoin, testnet, signet or regtest") {
            BitcoinNetwork(rawValue: $0)
        }
        let withoutShared = args.flag("--without-shared-group")
        let app = try parseApp(&args)
        try args.finish()
        if app == .ring, network != nil { throw CLIError.usage("--network applies to Bitkit only.") }
        let store = DeviceStore(world: invocation.world)
        let (install, updated) = try store.update { state -> (InstalledApp, Bool) in
            let previous = state.apps[app]
            let install = InstalledApp(
                kind: app, network: network ?? previous?.network ?? .regtest, sharedGroupEnabled: !withoutShared)
            state.apps[app] = install
            return (install, previous != nil)
        }
        try FileManager.default.createDirectory(
            at: invocation.world.sandbox(app), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
        )
        invocation.journalTool(
            updated ? .updateInstall : .install, detail: "\(app.rawValue) \(install.network?.rawValue ?? "")")
        var text = "\(updated ? "Update-installed" : "Installed") \(app.displayName)"
        if let network = install.network {
            text +=
                " (\(network.rawValue) build, own prefix \(network.bitkitSourceApp), private group \(network.bitkitPrivateGroup))"
        }
        if !install.sharedGroupEnabled { text += " without the shared keychain group" }
        try invocation.emit(InstallOutput(app: app, install: install, updated: updated), text: text + ".")
    }

    static let uninstall = Command(
        "uninstall", summary: "Uninstall an app: its sandbox goes, every keychain item it wrote stays (as on iOS).",
        usage: "bitkit|ring", examples: ["simctl uninstall bitkit"]
    ) { args, invocation in
        let app = try parseApp(&args)
        try args.finish()
        let store = DeviceStore(world: invocation.world)
        let wasInstalled = try store.update { state -> Bool in
            state.offlineApps.remove(app)
            return state.apps.removeValue(forKey: app) != nil
        }
        guard wasInstalled else { throw WorldError.notInstalled(app) }
        let sandbox = invocation.world.sandbox(app)
        if FileManager.default.fileExists(atPath: sandbox.path) {
            do { try FileManager.default.removeItem(at: sandbox) } catch {
                throw WorldError.io(path: sandbox.path, reason: error.localizedDescription)
            }
        }
        invocation.journalTool(.uninstall, detail: app.rawValue)
        try invocation.emit(
            InstallOutput(app: app, install: nil, updated: false),
            text: "Uninstalled \(app.displayName): its sandbox is gone; its keychain items (private and shared) remain."
        )
    }
}
