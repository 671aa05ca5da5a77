import ContractNames
import Device
import Foundation
import Platforms
import SimCLI
import WorldFiles

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
        usage:
            "bitkit|ring [--network bitcoin|testnet|signet|regtest] [--build current|pre-shared-keys] [--url-scheme S]… [--without-shared-group] [--signed-by CERT] [--defect NAME]…\n       simctl install --defect list [--markdown]",
        details: """
            On iOS every Bitkit flavour has bundle id to.bitkit, so installing another network over an existing Bitkit is
            an update-install: same sandbox, new own prefix and private group. On an Android world each flavour is its own
            package (to.bitkit, to.bitkit.tnet, to.bitkit.dev) installed beside the others, with its own sandbox, private
            store and provider; `bitkit-sim --package P` then names the one a step acts as (spec/07 §1.1). --without-shared-group builds an App ID
            without the shared keychain group (its accesses answer errSecMissingEntitlement, -34018).
            --build pre-shared-keys installs the Bitkit build from before the shared keychain: it writes no shared
            record, lists no Ring pubkys (Profile goes straight to Create Profile) and still registers pubkyauth; an
            update-install of the current build over it is how the catalogue seeds "a profile created before the
            update" (scenario 14).
            Each build registers the URL schemes the real one does (Ring: pubkyauth, pubkyring; the current Bitkit:
            bitkit, bitcoin, lightning, lnurl, lnurlc, lnurlp, lnurlw); --url-scheme S (repeatable) adds one to this
            install, e.g. a Bitkit that still claims pubkyauth. An update-install registers the new build's schemes.
            When two apps register a scheme, the OS delivers its links to the one installed or update-installed last
            (`simctl open-url`).
            --signed-by CERT (Android worlds) signs the package with another certificate (default bitkit-debug, the team's
            debug keystore; e.g. bitkit-release, other): two packages trust each other only when their certificates
            match, so a differently signed app gets no rows and serves none (spec/07 §1.3).
            --defect NAME (repeatable) installs the build with a named defect of Docs/defects.md: a bug the real app had
            or could have, as a branch of the app's code that is off unless installed. `simctl status` and every report
            show it; `simctl defects` proves the catalogue catches each one. --defect list prints the catalogue.
            """,
        examples: [
            "simctl install bitkit --network regtest", "simctl install ring",
            "simctl install bitkit --network bitcoin --without-shared-group",
            "simctl install bitkit --build pre-shared-keys",
            "simctl install bitkit --url-scheme pubkyauth",
            "simctl install bitkit --defect wipe-removes-all-shared",
            "simctl install --defect list",
            "simctl install ring --signed-by other",
        ]
    ) { args, invocation in
        let defectNames = try args.options("--defect")
        if defectNames.contains("list") {
            let markdown = args.flag("--markdown")
            try args.finish()
            guard defectNames == ["list"] else { throw CLIError.usage("--defect list takes no other option.") }
            try invocation.emit(
                DefectCatalogue.entries, text: markdown ? DefectCatalogue.markdown() : DefectCatalogue.text())
            return
        }
        let network = try args.option("--network", expecting: "bitcoin, testnet, signet or regtest") {
            BitcoinNetwork(rawValue: $0)
        }
        let build =
            try args.option("--build", expecting: "current or pre-shared-keys") { AppBuild(rawValue: $0) } ?? .current
        let schemes = try args.options("--url-scheme")
        let withoutShared = args.flag("--without-shared-group")
        let certificate = try args.option("--signed-by", expecting: "a certificate name") { name -> String? in
            name.isEmpty || name.contains(where: \.isWhitespace) ? nil : name
        }
        let defects = try DefectCatalogue.parse(defectNames)
        let app = try parseApp(&args)
        try args.finish()
        for defect in defects where defect.app != app {
            throw CLIError.usage(
                "The defect \(defect.rawValue) is in \(defect.app.displayName)'s code, not \(app.displayName)'s.")
        }
        if app == .ring, network != nil { throw CLIError.usage("--network applies to Bitkit only.") }
        guard build.exists(for: app) else {
            throw CLIError.usage("\(app.displayName) has no \(build.rawValue) build: only Bitkit has one.")
        }
        for scheme in schemes where URLRouter.scheme(of: scheme + ":") != scheme.lowercased() {
            throw CLIError.usage("'\(scheme)' is not a URL scheme: a letter, then letters, digits, +, - or . (no ://).")
        }
        let store = DeviceStore(world: invocation.world)
        let (install, placement, os) = try store.update { state -> (InstalledApp, InstallPlacement, any PhoneOS) in
            let previous = state.apps[app]
            let order = (state.allInstalls.map(\.installOrder).max() ?? 0) + 1
            let install = InstalledApp(
                kind: app, network: network ?? previous?.network ?? .regtest, sharedGroupEnabled: !withoutShared,
                build: build, extraURLSchemes: schemes, installOrder: order, defects: defects,
                certificate: certificate ?? InstalledApp.teamCertificate)
            let os = PlatformOS.of(state)
            return (install, os.place(install, on: &state), os)
        }
        let updated = placement.updated
        let coinstalled = placement.beside
        try FileManager.default.createDirectory(
            at: invocation.world.sandbox(app, package: coinstalled ? install.package : nil),
            withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var detail = "\(app.rawValue) \(install.network?.rawValue ?? "")"
        if build != .current { detail += " build=\(build.rawValue)" }
        if !schemes.isEmpty { detail += " url-schemes=\(install.urlSchemes.joined(separator: ","))" }
        if install.certificate != InstalledApp.teamCertificate { detail += " signed-by=\(install.certificate)" }
        if !install.defects.isEmpty { detail += " defects=\(install.defects.map(\.rawValue).joined(separator: ","))" }
        invocation.journalTool(updated ? .updateInstall : .install, detail: detail)
        var text = "\(updated ? "Update-installed" : "Installed") \(app.displayName)"
        let facts = os.facts(of: install)
        if let package = facts.installedAs { text += " as \(package)" }
        if coinstalled, !updated { text += ", beside the Bitkit package already installed" }
        if build != .current { text += " (the \(build.rawValue) build)" }
        if let network = install.network, let prefix = facts.ownPrefix, let group = facts.privateGroup {
            text += " (\(network.rawValue) build, own prefix \(prefix), private group \(group))"
        }
        if !install.sharedGroupEnabled { text += " without the shared keychain group" }
        if install.certificate != InstalledApp.teamCertificate { text += ", signed by \(install.certificate)" }
        if !install.defects.isEmpty {
            text += " with the defect(s) \(install.defects.map(\.rawValue).joined(separator: ", "))"
        }
        text += "; URL schemes: \(install.urlSchemes.joined(separator: ", "))"
        try invocation.emit(InstallOutput(app: app, install: install, updated: updated), text: text + ".")
    }

    static let uninstall = Command(
        "uninstall", summary: "Uninstall an app: its sandbox goes, every keychain item it wrote stays (as on iOS).",
        usage: "bitkit|ring [--package P]",
        details:
            "On Android nothing outlives the app: its sandbox, private store and provider go. --package names the Bitkit flavour package to uninstall when several are installed (Android).",
        examples: ["simctl uninstall bitkit"]
    ) { args, invocation in
        let package = try args.option("--package")
        let app = try parseApp(&args)
        try args.finish()
        let store = DeviceStore(world: invocation.world)
        let current = try store.read()
        if app == .bitkit, package == nil, !current.coinstalledBitkits.isEmpty {
            throw CLIError.usage(WorldError.ambiguousPackage(current.bitkitInstalls.map(\.package)).description)
        }
        // A co-installed flavour left alone takes the app's place, and its sandbox with it.
        var promoted: InstalledApp?
        let os = PlatformOS.of(current)
        let (removed, coinstalled) = try store.update { state -> (InstalledApp?, Bool) in
            if let package, app == .bitkit,
                let index = state.coinstalledBitkits.firstIndex(where: { $0.package == package })
            {
                return (state.coinstalledBitkits.remove(at: index), true)
            }
            if let package, state.apps[app]?.package != package { return (nil, false) }
            state.offlineApps.remove(app)
            let removed = state.apps.removeValue(forKey: app)
            if app == .bitkit, removed != nil, !state.coinstalledBitkits.isEmpty {
                promoted = state.coinstalledBitkits.removeFirst()
                state.apps[.bitkit] = promoted
            }
            return (removed, false)
        }
        guard let removed else {
            throw package.map { WorldError.packageNotInstalled($0) } ?? WorldError.notInstalled(app)
        }
        // What goes besides the sandbox is the OS's: nothing on iOS (keychain items outlive the app),
        // the private store on Android (spec/07 §9).
        let removal = os.removal(of: removed)
        let folders =
            [invocation.world.sandbox(app, package: coinstalled ? removed.package : nil)]
            + removal.groups.map(invocation.world.groupDirectory)
        for folder in folders where FileManager.default.fileExists(atPath: folder.path) {
            do { try FileManager.default.removeItem(at: folder) } catch {
                throw WorldError.io(path: folder.path, reason: UserFile.reason(error))
            }
        }
        if let promoted {
            let from = invocation.world.sandbox(.bitkit, package: promoted.package)
            if FileManager.default.fileExists(atPath: from.path) {
                do { try FileManager.default.moveItem(at: from, to: invocation.world.sandbox(.bitkit)) } catch {
                    throw WorldError.io(path: from.path, reason: UserFile.reason(error))
                }
            }
        }
        invocation.journalTool(.uninstall, detail: app.rawValue + (package.map { " \($0)" } ?? ""))
        try invocation.emit(InstallOutput(app: app, install: nil, updated: false), text: removal.sentence)
    }
}
