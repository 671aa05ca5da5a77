import Foundation
import Keychain

/// What one app process sees of the world: its install, its keychain (with entitlements, the live
/// device lock and fault rules applied), the journal and the device clock. Everything is read
/// lazily so an action pays only for what it touches.
public struct AppEnvironment: Sendable {
    public let world: World
    public let app: AppKind
    public let device: DeviceStore
    public let journal: Journal

    public init(world: World, app: AppKind) {
        self.world = world
        self.app = app
        self.device = DeviceStore(world: world)
        self.journal = Journal(world: world)
    }

    /// The app's install; throws when the world is missing or the app is not installed.
    public func installed() throws -> InstalledApp {
        guard let install = try device.read().apps[app] else { throw WorldError.notInstalled(app) }
        return install
    }

    /// The device clock.
    public func now() -> Date { ((try? device.read()) ?? DeviceState()).now() }

    /// The app's view of the keychain.
    public func keychain(install: InstalledApp) -> Keychain {
        let device = self.device
        let journal = self.journal
        let app = self.app
        let caller = KeychainCaller(
            bundleID: app.bundleID,
            entitlements: install.entitlements,
            // An unreadable device file must not make secrets readable: treat it as locked.
            protection: { (try? device.read().protection) ?? .locked },
            fault: { operation, _, account in
                try? device.consumeFault(app: app, operation: operation, account: account)
            },
            observer: { event in
                let entry = JournalEntry(
                    app: app.rawValue, event: "keychain", op: event.call, group: event.accessGroup,
                    service: event.service, account: event.account, status: event.status.rawValue,
                    data: event.returnedData || event.call == "add" || event.call == "update",
                    count: event.count,
                    detail: event.ignored.isEmpty ? nil : "ignored \(event.ignored.count) invalid entries")
                let time = ((try? device.read()) ?? DeviceState()).now().timeIntervalSince1970
                _ = try? journal.append(entry, time: time)
            })
        let world = self.world
        return Keychain(caller: caller, directory: { world.groupDirectory($0) })
    }

    /// Records an app-level event in the journal (best effort: the journal never fails an action).
    public func record(_ entry: JournalEntry) {
        _ = try? journal.append(entry, time: now().timeIntervalSince1970)
    }

    /// Marks a named point inside a multi-step operation, where the other app can interleave.
    /// Breakpoints attach here.
    public func checkpoint(_ name: String) {
        record(JournalEntry(app: app.rawValue, event: "checkpoint", op: name))
    }
}
