import AppSupport
import Backend
import BitkitApp
import ContractNames
import Device
import Foundation
import Keychain
import Platforms
import PubkyCrypto
import Simulation
import Testing
import WorldFiles

/// The catalogue's fixture identities (spec/06 §0.1).
enum Fixture {
    static let mnemonic =
        "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
    static let wSecret = "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1"
    static let w = "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy"
    static let aSecret = String(repeating: "01", count: 32)
    static let a = "tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy"
    static let bSecret = String(repeating: "02", count: 32)
    static let b = "orhzqdiexwmi6iidktucgud63ufa5nwtsuzdxe176a8izd6jsqky"
    static let cSecret = "5aa93b299a343aa2691739771f2b5b85e740ca14c685793d67870f88fa89dc51"
    static let c = "gcumbhd7sqit6nn457jxmrwqx9pyymqwamnarekgo3xppqo6a19o"
    static let hs = KnownHomeservers.staging

    static let sourceLost =
        "error · Profile Disconnected · The pubky you used from Pubky Ring is no longer available on this device."
    static let sessionExpired =
        "error · Profile Disconnected · Your profile session has expired. Please reconnect to restore your profile."
}

/// A temporary world with Bitkit (regtest unless told otherwise) and Ring installed and a fresh
/// backend; deleted when the value goes away.
final class TestWorld {
    let root: URL
    let world: World
    private(set) var network: BitcoinNetwork

    init(network: BitcoinNetwork = .regtest) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("bitkit-tests-\(UUID().uuidString)")
        world = World(root: root)
        self.network = network
        try world.create()
        try DeviceStore(world: world).update { state in
            state.apps[.bitkit] = InstalledApp(kind: .bitkit, network: network)
            state.apps[.ring] = InstalledApp(kind: .ring)
        }
        _ = try Backend.create(at: world.backendDatabase.path, now: DeviceClock(world: world).now())
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var environment: AppEnvironment { AppEnvironment(world: world, app: .bitkit, run: .standalone) }

    var app: BitkitApp {
        get throws {
            let install = try environment.installed()
            let os = try PlatformOS.open(world).os
            return BitkitApp(
                environment: environment, install: install, os: os,
                keychain: os.keychain(for: install, in: environment),
                backend: SimulatedBitkitBackend.factory(network: install.network ?? .regtest))
        }
    }

    /// Sends one action and returns the screen (fails the test when the app is not running after it).
    @discardableResult
    func send(_ action: BitkitAction, sourceLocation: SourceLocation = #_sourceLocation) throws -> Screen {
        let outcome = try app.send(action)
        return try #require(outcome.screen, sourceLocation: sourceLocation)
    }

    func outcome(_ action: BitkitAction) throws -> BitkitOutcome { try app.send(action) }

    func state() throws -> BitkitStateSnapshot { try app.state() }

    /// The catalogue baseline (spec/06 §0.2): W's wallet, Paykit UI on, intro seen, identity NONE.
    func baseline() throws {
        try send(.launch)
        try send(.restoreWallet(mnemonic: Fixture.mnemonic, passphrase: nil))
        try send(.setPaykitUI(true))
        try send(.setProfileIntroSeen(true))
    }

    /// Re-installs Bitkit for another network (update-install: the sandbox stays).
    func updateInstall(_ network: BitcoinNetwork) throws {
        self.network = network
        try DeviceStore(world: world).update { $0.apps[.bitkit] = InstalledApp(kind: .bitkit, network: network) }
    }

    // MARK: Ring's side and the world

    private var ringKeychain: Keychain {
        get throws {
            let ring = AppEnvironment(world: world, app: .ring, run: .standalone)
            return try PlatformOS.open(world).os.keychain(for: try ring.installed(), in: ring)
        }
    }

    /// Ring's `setOwned`: delete then add `app.pubkyring:<pubky>` with `secret`.
    func ringPublish(_ pubky: String, secret: String) throws {
        let keychain = try ringKeychain
        let account = "app.pubkyring:\(pubky)"
        _ = keychain.delete(
            KeychainQuery(service: SharedContract.service, account: account, accessGroup: SharedContract.accessGroup))
        let status = keychain.add(
            NewKeychainItem(
                accessGroup: SharedContract.accessGroup, service: SharedContract.service, account: account,
                data: Array(secret.utf8), accessibility: .whenUnlockedThisDeviceOnly))
        #expect(status == .success)
    }

    /// Ring imports a secret: its shared record appears.
    func ringImport(_ secret: String) throws {
        let pair = try #require(Ed25519KeyPair(secretHex: secret))
        try ringPublish(pair.pubky, secret: secret)
    }

    /// Ring deletes its record of `pubky`.
    func ringDelete(_ pubky: String) throws {
        _ = try ringKeychain.delete(
            KeychainQuery(
                service: SharedContract.service, account: "app.pubkyring:\(pubky)",
                accessGroup: SharedContract.accessGroup))
    }

    /// A record written at OS level (the keychain tool), e.g. another network's Bitkit record.
    func inject(_ account: String, data: String) throws {
        try KeychainGroupStore(directory: world.sharedGroup, accessGroup: SharedContract.accessGroup).write(
            NewKeychainItem(
                accessGroup: SharedContract.accessGroup, service: SharedContract.service, account: account,
                data: Array(data.utf8), accessibility: .whenUnlockedThisDeviceOnly),
            writer: "simctl", at: Date())
    }

    /// A world client (as Ring or simctl would use it).
    func client(app: String = "app.pubkyring") -> BackendClient {
        let clock = AppEnvironment(world: world, app: .ring, run: .standalone)
        return BackendClient(
            databasePath: world.backendDatabase.path, app: app, now: { clock.deviceTime() },
            random: SeededRandom(seed: 99))
    }

    /// "Ring: sign up X" (spec/06 §0.1): an account on HS and `_pubky.X → HS`.
    func ringSignUp(_ secret: String) throws {
        let pair = try #require(Ed25519KeyPair(secretHex: secret))
        _ = try client().signUpThroughHomegate(keyPair: pair)
    }

    var store: BackendStore { get throws { try Backend.open(at: world.backendDatabase.path) } }

    func knobs(_ change: (inout BackendKnobs) -> Void) throws { try store.updateKnobs(change) }

    func setOnline(_ online: Bool) throws {
        try DeviceStore(world: world).update { state in
            if online { state.offlineApps.remove(.bitkit) } else { state.offlineApps.insert(.bitkit) }
        }
    }

    func setProtection(_ protection: ProtectionState) throws {
        try DeviceStore(world: world).update { $0.protection = protection }
    }

    func addSDKFault(_ name: String, remaining: Int? = nil) throws {
        try DeviceStore(world: world).update {
            $0.sdkFaults.append(SDKFault(app: .bitkit, name: name, remaining: remaining))
        }
    }

    func addKeychainFault(
        _ operation: KeychainOperation, group: FaultScope = .shared, account: String, status: OSStatus
    ) throws {
        try DeviceStore(world: world).update { state in
            state.faults.append(
                FaultRule(
                    id: state.nextFaultID, app: .bitkit, operation: operation, group: group, account: account,
                    status: status, remaining: nil))
            state.nextFaultID += 1
        }
    }

    func clearFaults() throws {
        try DeviceStore(world: world).update { state in
            state.faults = []
            state.sdkFaults = []
        }
    }

    // MARK: Inspection

    /// The shared group's accounts in keychain order.
    func sharedAccounts() throws -> [String] {
        try KeychainGroupStore(directory: world.sharedGroup, accessGroup: SharedContract.accessGroup).inspect().items
            .map(\.account)
    }

    func sharedItem(_ account: String) throws -> KeychainItem? {
        try KeychainGroupStore(directory: world.sharedGroup, accessGroup: SharedContract.accessGroup).inspect().items
            .first { $0.account == account }
    }

    /// Bitkit's private items of the current network.
    func privateItems(_ network: BitcoinNetwork? = nil) throws -> [String: String] {
        let group = (network ?? self.network).bitkitPrivateGroup
        let items = try KeychainGroupStore(directory: world.groupDirectory(group), accessGroup: group).inspect().items
        return Dictionary(
            items.map { ($0.account, String(decoding: $0.data, as: UTF8.self)) }, uniquingKeysWith: { a, _ in a })
    }

    func writePrivate(_ key: String, _ value: String) throws {
        let group = network.bitkitPrivateGroup
        try KeychainGroupStore(directory: world.groupDirectory(group), accessGroup: group).write(
            NewKeychainItem(
                accessGroup: group, service: BitkitPrivateKeychain.service, account: key, data: Array(value.utf8),
                accessibility: .afterFirstUnlockThisDeviceOnly),
            writer: "simctl", at: Date())
    }

    /// Journal entries of Bitkit.
    func journal(event: String? = nil) throws -> [JournalEntry] {
        let text = (try? String(contentsOf: world.journalFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(JournalEntry.self, from: Data($0.utf8))
        }
        .filter { $0.app == "bitkit" && (event == nil || $0.event == event) }
    }

    /// Every byte Bitkit keeps in its sandbox and private keychain, for "no Ring secret" checks.
    func bitkitStoredBytes() throws -> String {
        var text = ""
        let sandbox = world.sandbox(.bitkit)
        if let files = FileManager.default.enumerator(atPath: sandbox.path) {
            for case let file as String in files {
                if let data = FileManager.default.contents(atPath: sandbox.appendingPathComponent(file).path) {
                    text += String(decoding: data, as: UTF8.self)
                }
            }
        }
        for network in BitcoinNetwork.allCases {
            text += try privateItems(network).values.joined(separator: "\n")
        }
        return text
    }
}

extension Screen {
    var toastTexts: [String] { toasts.map(\.text) }
    var rowIDs: [String] { rows.map(\.id) }
}
