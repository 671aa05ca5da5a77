import AppSupport
import Backend
import ContractNames
import Device
import Foundation
import Keychain
import Platforms
import PubkyCrypto
import RingApp
import Simulation
import Synchronization
import WorldFiles

/// A temporary world with Ring and Bitkit (regtest) installed and a backend: each `ring()` is a fresh
/// Ring process; Bitkit's side is written with Bitkit's own keychain view.
final class RingTestWorld {
    let world: World

    init() throws {
        world = World(
            root: FileManager.default.temporaryDirectory.appendingPathComponent("ring-tests-\(UUID().uuidString)"))
        try world.create()
        try DeviceStore(world: world).update { state in
            state.seed = 42
            state.apps[.ring] = InstalledApp(kind: .ring)
            state.apps[.bitkit] = InstalledApp(kind: .bitkit, network: .regtest)
        }
        _ = try Backend.create(at: world.backendDatabase.path, now: DeviceClock(world: world).now())
    }

    deinit { try? FileManager.default.removeItem(at: world.root) }

    var ringEnvironment: AppEnvironment { AppEnvironment(world: world, app: .ring, run: .standalone) }

    /// Ring's keychain, as the world's OS gives it.
    func ringKeychain() throws -> Keychain {
        try PlatformOS.open(world).os.keychain(for: try ringEnvironment.installed(), in: ringEnvironment)
    }

    /// A new Ring process.
    func ring() throws -> RingApp {
        let environment = ringEnvironment
        let install = try environment.installed()
        let os = try PlatformOS.open(world).os
        return RingApp(
            environment: environment, install: install, os: os, keychain: os.keychain(for: install, in: environment))
    }

    /// Runs actions in a new Ring process.
    @discardableResult
    func ring(_ actions: RingAction...) throws -> Screen { try ring().send(actions) }

    func state() throws -> RingState { try ring().loadState() }

    func snapshot() throws -> RingSnapshot { try RingSnapshot.read(world: world) }

    // MARK: Keychain

    private var bitkitKeychain: Keychain {
        get throws {
            let environment = AppEnvironment(world: world, app: .bitkit, run: .standalone)
            return try PlatformOS.open(world).os.keychain(for: try environment.installed(), in: environment)
        }
    }

    /// Bitkit publishes its own record `<sourceApp>:<pubky>` holding `value`.
    func bitkitPublish(_ pubky: String, value: String, sourceApp: String = "to.bitkit.dev") throws {
        let status = try bitkitKeychain.add(
            NewKeychainItem(
                accessGroup: SharedContract.accessGroup, service: SharedContract.service,
                account: "\(sourceApp):\(pubky)", data: Array(value.utf8), accessibility: .whenUnlockedThisDeviceOnly))
        precondition(status == .success, "bitkit publish failed: \(status)")
    }

    /// Bitkit publishes `secret`'s own record.
    func bitkitPublish(secret: String, sourceApp: String = "to.bitkit.dev") throws {
        let pubky = try Self.pair(secret).pubky
        try bitkitPublish(pubky, value: secret, sourceApp: sourceApp)
    }

    func bitkitRemove(_ pubky: String, sourceApp: String = "to.bitkit.dev") throws {
        _ = try bitkitKeychain.delete(
            KeychainQuery(
                service: SharedContract.service, account: "\(sourceApp):\(pubky)",
                accessGroup: SharedContract.accessGroup))
    }

    /// Every shared account in keychain order.
    func sharedAccounts() throws -> [String] {
        try KeychainGroupStore(directory: world.sharedGroup, accessGroup: SharedContract.accessGroup).inspect().items
            .map(\.account)
    }

    func sharedItem(_ account: String) throws -> KeychainItem? {
        try KeychainGroupStore(directory: world.sharedGroup, accessGroup: SharedContract.accessGroup).inspect().items
            .first { $0.account == account }
    }

    /// Ring's private items in keychain order.
    func privateItems() throws -> [KeychainItem] {
        let group = SharedContract.ringPrivateGroup
        return try KeychainGroupStore(directory: world.groupDirectory(group), accessGroup: group).inspect().items
    }

    func writePrivate(service: String, value: [UInt8]) throws {
        let group = SharedContract.ringPrivateGroup
        try KeychainGroupStore(directory: world.groupDirectory(group), accessGroup: group).write(
            NewKeychainItem(
                accessGroup: group, service: service, account: service, data: value, accessibility: .afterFirstUnlock),
            writer: "simctl", at: Date())
    }

    // MARK: Device

    func fault(
        _ operation: KeychainOperation, group: FaultScope = .shared, account: String, status: OSStatus,
        times: Int? = nil, app: AppKind = .ring
    ) throws {
        try DeviceStore(world: world).update { state in
            state.faults.append(
                FaultRule(
                    id: state.nextFaultID, app: app, operation: operation, group: group, account: account,
                    status: status, remaining: times))
            state.nextFaultID += 1
        }
    }

    func clearFaults() throws { try DeviceStore(world: world).update { $0.faults = [] } }

    func setProtection(_ protection: ProtectionState) throws {
        try DeviceStore(world: world).update { $0.protection = protection }
    }

    func setOnline(_ online: Bool) throws {
        try DeviceStore(world: world).update { state in
            if online { state.offlineApps.remove(.ring) } else { state.offlineApps.insert(.ring) }
        }
    }

    func journal() throws -> [JournalEntry] { try Journal(world: world).read().entries }

    // MARK: Backend

    func client(_ app: String = "simctl") -> BackendClient {
        let clock = AppEnvironment(world: world, app: .ring, run: .standalone)
        return BackendClient(
            databasePath: world.backendDatabase.path, app: app, now: { clock.deviceTime() },
            random: SeededRandom(seed: 7))
    }

    /// Signs `secret`'s key up on the staging homeserver, as Bitkit would (so PKARR has its record).
    func signUpElsewhere(_ secret: String) throws {
        let pair = try Self.pair(secret)
        var random = SeededRandom(seed: 9)
        let token = try client().store().issueSignupToken(
            homeserver: RingHomeservers.staging, random: &random, now: ringEnvironment.deviceTime())
        _ = try client("to.bitkit").signUp(keyPair: pair, homeserver: RingHomeservers.staging, signupToken: token)
    }

    /// A requester's sign-in link (or signup link on `signupHomeserver`).
    func authRequest(caps: String = "/pub/pubky.app/:rw", signupHomeserver: String? = nil) throws -> AuthRequestTicket {
        try client().createAuthRequest(capabilities: caps, signupHomeserver: signupHomeserver).value
    }

    static func pair(_ secret: String) throws -> Ed25519KeyPair {
        guard let pair = Ed25519KeyPair(secretHex: secret) else { throw CocoaError(.coderInvalidValue) }
        return pair
    }

    func requestStatus(_ link: String) throws -> AuthRequestStatus { try client().authRequestStatus(link).value }
}

/// The catalogue's fixture identities (spec/06 §0.1).
enum Key {
    static let wSecret = "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1"
    static let w = "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy"
    static let wMnemonic =
        "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
    static let aSecret = String(repeating: "01", count: 32)
    static let a = "tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy"
    static let bSecret = String(repeating: "02", count: 32)
    static let b = "orhzqdiexwmi6iidktucgud63ufa5nwtsuzdxe176a8izd6jsqky"
    static let cSecret = "5aa93b299a343aa2691739771f2b5b85e740ca14c685793d67870f88fa89dc51"
    static let c = "gcumbhd7sqit6nn457jxmrwqx9pyymqwamnarekgo3xppqo6a19o"
    static let hs = "ufibwbmed6jeq9k4p583go95wofakh9fwpp4k734trq79pd9u1uy"
}

extension RingTestWorld {
    /// Forces Ring's named SDK call to fail `times` times.
    func sdkFault(_ fault: RingSDKFault, times: Int? = 1) throws {
        try DeviceStore(world: world).update {
            $0.sdkFaults.append(SDKFault(app: .ring, name: fault.rawValue, remaining: times))
        }
    }
}

extension RingTestWorld {
    private final class Outcome: Sendable {
        let result = Mutex<Result<Screen, Error>?>(nil)
    }

    /// Runs `actions` in a Ring process on another thread until it pauses at `checkpoint`, runs
    /// `meanwhile` (the lock is released there, as at an `await`), then continues it and returns its
    /// screen.
    @discardableResult
    func pausing(at checkpoint: RingCheckpoint, _ actions: [RingAction], meanwhile: () throws -> Void) throws -> Screen
    {
        let device = DeviceStore(world: world)
        try device.update { $0.breakpoints.append(Breakpoint(app: .ring, checkpoint: checkpoint.rawValue, hits: 1)) }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        // The other "process" makes its own Ring from Sendable parts, as a real process would.
        let environment = ringEnvironment
        let install = try environment.installed()
        let os = try PlatformOS.open(world).os
        let thread = Thread {
            let result = Result {
                try RingApp(
                    environment: environment, install: install, os: os,
                    keychain: os.keychain(for: install, in: environment)
                ).send(actions)
            }
            outcome.result.withLock { $0 = result }
            done.signal()
        }
        thread.start()
        let deadline = Date().addingTimeInterval(20)
        while try !device.read().paused.contains(where: { $0.app == .ring && $0.checkpoint == checkpoint.rawValue }) {
            if done.wait(timeout: .now() + .milliseconds(5)) == .success {
                throw CocoaError(
                    .featureUnsupported, userInfo: ["reason": "finished without reaching \(checkpoint.rawValue)"])
            }
            guard Date() < deadline else { throw CocoaError(.fileLocking) }
        }
        var failure: Error?
        do { try meanwhile() } catch { failure = error }
        try device.update { $0.paused.removeAll { $0.app == .ring } }
        done.wait()
        if let failure { throw failure }
        return try outcome.result.withLock { $0 }.map { try $0.get() } ?? Screen(app: "ring", route: "none")
    }
}
