import AppRuntime
import ContractNames
import Device
import Foundation
import IdentitySharing
import Keychain
import Platforms
import Simulation
import WorldFiles

/// An iOS world with both apps installed, the fixture keys, and the apps' own keychain and sharing
/// seams over it (journalled as the apps journal them): what the audit's suites inject violations into.
protocol AuditWorld {
    var world: World { get }
}

extension AuditWorld {
    var aSecret: String { String(repeating: "01", count: 32) }
    var a: String { "tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy" }
    var wSecret: String { "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1" }
    var w: String { "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy" }

    /// A fresh world in a temporary folder with Bitkit (regtest) and Ring installed.
    static func makeWorld() throws -> World {
        let world = World(
            root: FileManager.default.temporaryDirectory.appendingPathComponent("audit-\(UUID().uuidString)"))
        try world.create()
        try DeviceStore(world: world).update {
            $0.apps[.bitkit] = InstalledApp(kind: .bitkit, network: .regtest)
            $0.apps[.ring] = InstalledApp(kind: .ring)
        }
        return world
    }

    func keychain(_ app: AppKind, run: RunContext = .standalone) throws -> Keychain {
        let environment = AppEnvironment(world: world, app: app, run: run)
        return try PlatformOS.open(world).os.keychain(for: try environment.installed(), in: environment)
    }

    /// The app's own sharing seam, journalled as the app journals it, in the run `run`.
    func sharing(_ app: AppKind, run: RunContext = .standalone) throws -> any IdentitySharing {
        let environment = AppEnvironment(world: world, app: app, run: run)
        let install = try environment.installed()
        let os = try PlatformOS.open(world).os
        return os.sharing(
            of: install, in: environment, keychain: os.keychain(for: install, in: environment),
            service: SharedContract.service)
    }
}
