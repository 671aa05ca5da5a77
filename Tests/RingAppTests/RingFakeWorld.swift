import AppRuntime
import AppRuntimeTesting
import Backend
import ContractNames
import Foundation
import IdentitySharing
import Keychain
import PhoneTesting
import PubkyCrypto
import PubkyProtocol
import RingApp

/// Ring's surroundings in memory, for driving `Reducer<Ring>` without a process or a disk: its
/// private store, a phone in memory whose shared group Ring's real exchange reads and writes (so
/// the secret check, owner prefixes and statuses are the app's own), a homeserver and the files.
struct RingFakeWorld {
    var secrets: [String: RingStoredSecret] = [:]
    /// Pubkys with at least one stored session.
    var sessions: Set<String> = []
    /// The device both apps share, on the platform the test chose; Ring's sharing calls run its real
    /// exchange over it (`RingKeychainExchange`, or `RingProviderModule` and Bitkit's providers).
    let phone: MemoryPhone
    var accounts: Set<String> = []
    var homeservers: [String: String] = [:]
    var faults: Set<RingSDKFault> = []
    var online = true
    var files: [URL: [UInt8]] = [:]
    var nextLaunchID: UInt64 = 200
    var elapsed = 0.0

    init(platform: Platform = .default) { phone = MemoryPhone(platform: platform) }

    mutating func respond(_ effect: Effect<Ring>, _ state: RingState) -> Answer<Ring> {
        switch effect {
        case .checkpoint: return .resumed(Ring.stored(state))
        case .sharing(let call): return .sharing(call.perform(on: phone.ring()), reloaded: nil)
        case .request(let request): return .reply(serve(request))
        case .draw: return .drawn(11)
        case .launchID:
            nextLaunchID += 1
            return .drawn(nextLaunchID)
        case .readClock: return .clock(Date(timeIntervalSince1970: 1_767_225_600))
        case .sdkFault(let fault): return .fault(faults.contains(fault))
        case .connectivity: return .online(online)
        case .holdProcess: return .process(1)
        case .processAlive(let pid): return .alive(pid == 1)
        case .journal, .sleep, .linkAliases: return .fault(false)
        }
    }

    /// Ring's own shared records on the phone, as Bitkit could read them (bare pubky → secret).
    var own: [String: String] {
        let prefix = SharedContract.ringSourceApp + ":"
        return Dictionary(
            phone.sharedRecords.filter { $0.key.hasPrefix(prefix) }.map {
                (String($0.key.dropFirst(prefix.count)), $0.value)
            },
            uniquingKeysWith: { first, _ in first })
    }

    /// Ring publishes its record of `secret`'s pubky, as its launch does.
    func ringPublishes(_ pubky: String, secret: String) {
        _ = phone.ring().offer(pubky: pubky, secret: secret) {}
    }

    /// Bitkit's shared records, written as Bitkit writes them on iOS (`<sourceApp>:<pubky>` holding
    /// the value as it is: Bitkit never checks what it publishes), in this order.
    func bitkitPublishes(_ records: [(identity: SharedIdentity, value: String)]) {
        for (identity, value) in records { try? phone.plant(account: identity.record, value: value) }
    }

    /// Bitkit `package` makes `secret`'s pubky visible, as it does on the phone's platform (its own
    /// record on iOS; its provider serving `PUBKY_SECRET_KEY` on Android).
    func bitkitShares(_ secret: String, package: String = "to.bitkit.dev") {
        guard let pair = Ed25519KeyPair(secretHex: secret) else { return }
        phone.bitkitShares(pubky: pair.pubky, secret: secret, package: package)
    }

    /// Every keychain call of Ring's of `operation` fails with `status` (a locked or broken device;
    /// on Android its keystore refuses the writes and removals of its shared records).
    func ringKeychainFails(_ operation: KeychainOperation, status: Int32) {
        phone.arm(
            MemoryPhone.Fault(
                bundleID: SharedContract.ringSourceApp, operation: operation, status: OSStatus(rawValue: status)))
    }

    /// Ring's build can no longer reach Bitkit's records (a missing entitlement, a revoked grant).
    func ringLosesAccess() { phone.revokeAccess(of: .ring) }

    private mutating func serve(_ request: RingRequest) -> RingReply {
        switch request {
        case .store(let call):
            switch call {
            case .saveSecret(let secret, let pubky): secrets[pubky] = secret
            case .loadSecret(let pubky): return .secret(secrets[pubky])
            case .deleteSecret(let pubky): secrets[pubky] = nil
            case .saveSession(let pubky, _, _): sessions.insert(pubky)
            case .deleteSessions(let pubkys): sessions.subtract(pubkys)
            case .reset:
                secrets = [:]
                sessions = []
            }
            return .done
        case .network(let call): return network(call)
        case .readRecoveryFile(let url):
            guard let bytes = files[url] else {
                return .unusableFile(.unusableFile(.unreadable(source: url.path, what: "file", reason: "missing")))
            }
            return .bytes(bytes)
        case .writeFile(let url, let bytes):
            files[url] = bytes
            return .done
        case .isFolder: return .flag(false)
        case .filesFolder: return .folder(URL(fileURLWithPath: "/files"))
        case .saveStore: return .done
        }
    }

    private mutating func network(_ call: RingNetworkCall) -> RingReply {
        // Offline, the app's network client fails every call before it leaves the device.
        guard online else { return .networkFailed(.offline(app: "ring")) }
        elapsed += 0.1
        switch call {
        case .resolve(let pubky): return .network(.homeserver(homeservers[pubky]), elapsed: elapsed)
        case .signUp(let pair, let homeserver, _):
            accounts.insert(pair.pubky)
            homeservers[pair.pubky] = homeserver
            return .network(.session(Self.session(pair.pubky)), elapsed: elapsed)
        case .signIn(let pair):
            guard accounts.contains(pair.pubky) else {
                return .networkFailed(.http(service: .homeserver, host: "hs", status: 404, reason: "Not Found"))
            }
            return .network(.session(Self.session(pair.pubky)), elapsed: elapsed)
        case .approve: return .network(.granted("/pub/example.app/:rw"), elapsed: elapsed)
        case .publishHomeserver: return .network(.done, elapsed: elapsed)
        case .issueSignupToken: return .network(.token("TOKEN"), elapsed: elapsed)
        }
    }

    static func session(_ pubky: String) -> HomeserverSession {
        HomeserverSession(
            pubky: pubky, homeserver: "hs", secret: "secret-\(pubky.prefix(4))", capabilities: "/:rw",
            createdAt: Date(timeIntervalSince1970: 1_767_225_600))
    }
}

/// States and identities for Ring's reducer tests.
enum RingFixture {
    static let a = Key.a
    static let aSecret = Key.aSecret
    static let w = Key.w
    static let wSecret = Key.wSecret
    static let dev = SharedIdentity(pubky: Key.w, sourceApp: "to.bitkit.dev")

    /// Ring running on Home with `entries`.
    static func home(_ entries: [PubkyEntry], listed: [SharedIdentity] = []) -> RingState {
        var memory = RingMemory(stack: [.home], launchID: 1)
        memory.listed = listed
        return RingState(store: RingStore(onboarded: true, entries: entries), memory: memory)
    }

    static var ownedA: PubkyEntry {
        var entry = PubkyEntry.owned(a)
        entry.signedUp = true
        entry.homeserver = "hs"
        return entry
    }

    static var adoptedW: PubkyEntry {
        PubkyEntry.adopted(w, sourceApp: "to.bitkit.dev", name: "pubky #2 (Bitkit)", homeserver: "hs")
    }

    static func signInRequest() -> RingAuthRequest {
        let link =
            "pubkyauth://signin?caps=/pub/example.app/:rw&relay=https://httprelay.pubky.app/inbox&secret=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"
        return RingAuthRequest(link: link, parsed: try! AuthLink(parsing: link), callbacks: XCallbacks())
    }
}

extension TestStore where App == Ring {
    var sharingCalls: [SharingCall<RingCheckpoint>] {
        calls.compactMap { if case .sharing(let call) = $0 { return call } else { return nil } }
    }

    var networkCalls: [RingNetworkCall] {
        calls.compactMap { if case .request(.network(let call)) = $0 { return call } else { return nil } }
    }

    var toasts: [String] { state.raised.map(\.text) }
}
