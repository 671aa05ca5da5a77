import Device
import Foundation
import WorldFiles

/// A fresh world in a temporary folder, removed by `cleanup()`.
struct TemporaryWorld {
    let world: World

    init(apps: [InstalledApp] = []) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("device-tests-\(UUID().uuidString)")
        world = World(root: root)
        try world.create()
        try DeviceStore(world: world).update { state in
            for app in apps { state.apps[app.kind] = app }
        }
    }

    func cleanup() { try? FileManager.default.removeItem(at: world.root) }
}
