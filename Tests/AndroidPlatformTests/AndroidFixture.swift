import AndroidPlatform
import ContractNames
import Foundation
import IdentitySharing
import PubkyCrypto
import Synchronization
import Testing

/// An Android device in memory (spec/07 §1): a package table (name, certificate, provider, the
/// authority it claims), the caller's revoked grants, per-path faults, each Bitkit package's
/// `PUBKY_SECRET_KEY`, and Ring's real `shared_pubky` store in a fresh temporary folder with a
/// deterministic random sequence. Every permission check, scheduling pass, provider run and
/// journalled call lands in one timeline, so a test can tell what ran and in which order.
final class AndroidFixture: Sendable {
    static let w = "aihfhgdfshrj8nz9ofo7khayc1mgcqa4wrrdjahs5tmgo4pna3iy"
    static let wSecret = "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1"
    static let a = "tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qy"
    static let aSecret = String(repeating: "01", count: 32)
    static let b = "orhzqdiexwmi6iidktucgud63ufa5nwtsuzdxe176a8izd6jsqky"
    static let bSecret = String(repeating: "02", count: 32)
    static let cSecret = String(repeating: "03", count: 32)
    static let c = Ed25519KeyPair(secretHex: cSecret)!.pubky

    static let debug = "bitkit-debug"
    static let release = "bitkit-release"
    static let ring = AndroidContract.ringPackage
    static let ringAuthority = AndroidContract.authority(of: ring)
    static let identities = AndroidContract.pathIdentities

    static func credential(_ pubky: String) -> String { AndroidContract.credentialPath(pubky) }

    /// What a Bitkit package's private keychain holds under `PUBKY_SECRET_KEY` right now.
    enum StoredKey: Sendable {
        case absent
        case stored(String)
        /// Loading it throws (a keystore or DataStore error).
        case failing
    }

    /// One line of the package table: the package and the authority its provider claims.
    struct Install: Sendable {
        var authority: String
        var package: ContentResolver.Package
    }

    /// One scheduling pass: (authority, path, provider package).
    struct Pass: Sendable, Equatable {
        var authority: String
        var path: String
        var package: String
    }

    let root: URL
    let installs = Mutex<[Install]>([])
    /// Permissions whose grant the caller lost (a world switch).
    let revoked = Mutex<Set<String>>([])
    /// Faults by `<authority>/<path>`.
    let faults = Mutex<[String: ContentResolver.Fault]>([:])
    /// What the installed providers read and report; kept apart so that they never hold the
    /// fixture (whose end removes the temporary folder).
    let journal = Journal()

    /// The sandboxes' state and everything that happened.
    final class Journal: Sendable {
        let keys = Mutex<[String: StoredKey]>([:])
        /// The packages whose `PUBKY_SECRET_KEY` was loaded, one entry per load.
        let loads = Mutex<[String]>([])
        let timeline = Mutex<[String]>([])
        let passes = Mutex<[Pass]>([])
        let calls = Mutex<[ContentResolver.Call]>([])
        let events = Mutex<[SharingEvent]>([])
        /// How many requests for random bytes Ring's store made.
        let randomCalls = Mutex(0)
    }

    /// Where Ring's `shared_pubky` store keeps its bytes: the store's tests run against both.
    enum StoreKind: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case folder, memory
        var testDescription: String { rawValue }
    }

    let storeKind: StoreKind
    /// Ring's store in memory, when `storeKind` is `.memory`.
    private let memory = MemorySharedPubky()

    init(store: StoreKind = .folder) {
        storeKind = store
        root = FileManager.default.temporaryDirectory.appendingPathComponent("android-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    // MARK: Randomness

    /// The bytes of the `call`-th request for random bytes (0 is the keystore key made at first use).
    static func randomBytes(call: Int, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: call &* 37 &+ $0 &+ 1) }
    }

    /// Ring's `shared_pubky` store in this device's Ring sandbox (or its memory).
    var store: SharedPubkyStore {
        let random: @Sendable (Int) -> [UInt8] = { [journal] count in
            let call = journal.randomCalls.withLock { calls in
                defer { calls += 1 }
                return calls
            }
            return Self.randomBytes(call: call, count: count)
        }
        switch storeKind {
        case .folder:
            return SharedPubkyStore(
                folder: root.appendingPathComponent("app.pubkyring"), durable: false, random: random)
        case .memory: return SharedPubkyStore(memory: memory, random: random)
        }
    }

    var storeFile: URL { root.appendingPathComponent("app.pubkyring/shared_prefs/shared_pubky.json") }

    // MARK: The package table

    func install(
        _ name: String, certificate: String = debug, provider: (any ContentProvider)?, authority: String? = nil
    ) {
        let spied = provider.map { Spy(package: name, inner: $0, journal: journal) as any ContentProvider }
        let package = ContentResolver.Package(name: name, certificate: certificate, provider: spied)
        installs.withLock {
            $0.removeAll { $0.package.name == name }
            $0.append(Install(authority: authority ?? AndroidContract.authority(of: name), package: package))
        }
    }

    /// A Bitkit package whose provider reads `PUBKY_SECRET_KEY` from `keys` at every query.
    func installBitkit(_ name: String, certificate: String = debug, key: StoredKey = .stored(wSecret)) {
        setKey(name, key)
        install(name, certificate: certificate, provider: bitkitProvider(name))
    }

    func bitkitProvider(
        _ name: String, log: @escaping @Sendable (String) -> Void = { _ in }
    )
        -> BitkitSharedPubkyProvider
    {
        BitkitSharedPubkyProvider(
            loadSecretKey: { [journal] () throws(BitkitSharedPubkyProvider.LoadFailure) -> String? in
                journal.loads.withLock { $0.append(name) }
                switch journal.keys.withLock({ $0[name] }) ?? .absent {
                case .absent: return nil
                case .stored(let secret): return secret
                case .failing: throw BitkitSharedPubkyProvider.LoadFailure("keystore error")
                }
            }, log: log)
    }

    func installRing(certificate: String = debug) {
        install(Self.ring, certificate: certificate, provider: RingSharedPubkyProvider(store: store))
    }

    func setKey(_ package: String, _ key: StoredKey) { journal.keys.withLock { $0[package] = key } }

    func fault(_ authority: String, _ path: String, _ fault: ContentResolver.Fault) {
        faults.withLock { $0["\(authority)/\(path)"] = fault }
    }

    // MARK: Callers

    /// The content resolver of `caller`: the system grants a signature permission to a same-signed
    /// caller unless revoked (`signatureRule: false` grants it to anyone, to reach a provider's own
    /// caller check). It holds the fixture, so a client outlives no device it reads.
    func resolver(caller: String, certificate: String = debug, signatureRule: Bool = true) -> ContentResolver {
        let journal = journal
        return ContentResolver(
            caller: ContentResolver.Package(name: caller, certificate: certificate, provider: nil),
            resolve: { authority in self.installs.withLock { $0.first { $0.authority == authority }?.package } },
            granted: { permission, owner in
                journal.timeline.withLock { $0.append("granted? \(permission)") }
                let revoked = self.revoked.withLock { $0.contains(permission) }
                return (!signatureRule || owner.certificate == certificate) && !revoked
            },
            fault: { authority, path in self.faults.withLock { $0["\(authority)/\(path)"] } },
            pass: { authority, path, package in
                journal.timeline.withLock { $0.append("pass \(authority)/\(path)") }
                journal.passes.withLock { $0.append(Pass(authority: authority, path: path, package: package)) }
            },
            record: { call in
                journal.timeline.withLock { $0.append("record \(call.outcome)") }
                journal.calls.withLock { $0.append(call) }
            })
    }

    var report: SharingReport { { [journal] event in journal.events.withLock { $0.append(event) } } }

    func bitkitClient(_ package: String = "to.bitkit.dev", certificate: String = debug) -> BitkitProviderClient {
        BitkitProviderClient(
            resolver: resolver(caller: package, certificate: certificate), ownSourceApp: package, report: report)
    }

    func ringModule(certificate: String = debug) -> RingProviderModule {
        RingProviderModule(
            resolver: resolver(caller: Self.ring, certificate: certificate), store: store, report: report)
    }

    // MARK: What happened

    /// The journalled calls since the last take, one line each:
    /// `<caller> <authority>/<path> [<provider>] <outcome> <count> <pubkys> <message>`.
    func takeCalls() -> [String] {
        take(journal.calls).map { call in
            var line = "\(call.caller) \(call.authority)/\(call.path) [\(call.provider ?? "-")] \(call.outcome)"
            line += " \(call.count) \(call.pubkys)"
            if let message = call.message { line += " \(message)" }
            return line
        }
    }

    func takeTimeline() -> [String] { take(journal.timeline) }
    func takePasses() -> [Pass] { take(journal.passes) }
    func takeEvents() -> [SharingEvent] { take(journal.events) }
    func takeLoads() -> [String] { take(journal.loads) }

    private func take<T: Sendable>(_ list: borrowing Mutex<[T]>) -> [T] {
        list.withLock { items in
            defer { items = [] }
            return items
        }
    }
}

/// A provider that logs each run into the fixture's timeline, then answers as `inner`.
struct Spy: ContentProvider {
    let package: String
    let inner: any ContentProvider
    let journal: AndroidFixture.Journal

    func query(path: String, callerTrusted: Bool) throws(ProviderException) -> ProviderAnswer {
        journal.timeline.withLock { $0.append("provider \(package) \(path)") }
        return try inner.query(path: path, callerTrusted: callerTrusted)
    }
}

/// A provider that answers whatever a test scripts: the malformed rows a real provider of ours
/// never produces (a null pubky, two rows, another key's row), or an exception.
struct ScriptedProvider: ContentProvider {
    let answer: @Sendable (String) throws(ProviderException) -> ProviderAnswer

    init(_ answer: @escaping @Sendable (String) throws(ProviderException) -> ProviderAnswer) { self.answer = answer }

    /// The same rows on every path.
    init(rows: [ProviderRow]) { self.answer = { _ in .rows(rows) } }

    func query(path: String, callerTrusted: Bool) throws(ProviderException) -> ProviderAnswer {
        try answer(path)
    }
}

extension ProviderRow {
    static func pubky(_ pubky: String?) -> ProviderRow { ProviderRow([AndroidContract.columnPubky: pubky]) }

    static func credential(_ pubky: String?, _ secret: String?) -> ProviderRow {
        ProviderRow([AndroidContract.columnPubky: pubky, AndroidContract.columnSecretKey: secret])
    }
}
