import AppRuntime
import AppRuntimeTesting
import Backend
import ContractNames
import Foundation
import IdentitySharing
import PubkyCrypto
import PubkyProtocol
import RingApp

/// Ring's surroundings in memory, for driving `Reducer<Ring>` without a process or a disk: its
/// private store, its own shared records, what Bitkit shares, a homeserver and the files.
struct RingFakeWorld {
    var secrets: [String: RingStoredSecret] = [:]
    /// Pubkys with at least one stored session.
    var sessions: Set<String> = []
    /// Ring's own shared records (bare pubky → secret).
    var own: [String: String] = [:]
    /// Bitkit's shared records in order: (identity, value).
    var bitkit: [(identity: SharedIdentity, value: String)] = []
    /// When set, the listing answers unknown with this reason (a locked device on iOS).
    var listingUnknown: String?
    /// When set, a withdrawal fails with this reason.
    var withdrawFails: String?
    var accounts: Set<String> = []
    var homeservers: [String: String] = [:]
    var faults: Set<RingSDKFault> = []
    var online = true
    var files: [URL: [UInt8]] = [:]
    var nextLaunchID: UInt64 = 200
    var elapsed = 0.0

    mutating func respond(_ effect: Effect<Ring>, _ state: RingState) -> Answer<Ring> {
        switch effect {
        case .checkpoint: return .resumed(Ring.stored(state))
        case .sharing(let call): return .sharing(share(call), reloaded: nil)
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

    private mutating func share(_ call: SharingCall<RingCheckpoint>) -> SharingAnswer {
        switch call {
        case .listPeers:
            if let reason = listingUnknown { return .listing(.unknown(reason)) }
            return .listing(.listed(bitkit.map(\.identity)))
        case .readSecret(let identity):
            guard let value = bitkit.first(where: { $0.identity == identity })?.value else { return .secret(.absent) }
            guard Ed25519KeyPair(secretHex: value)?.pubky == identity.pubky else {
                return .secret(.unknown("Shared record does not belong to this pubky"))
            }
            return .secret(.found(value))
        case .presence(let identity):
            return .presence(bitkit.contains { $0.identity == identity } ? .present : .absent)
        case .offer(let pubky, let secret, _):
            own[pubky] = secret
            return .write(.done)
        case .withdraw(let pubky):
            if let reason = withdrawFails { return .write(.failed(reason)) }
            own[pubky] = nil
            return .write(.done)
        case .withdrawAll:
            if let reason = withdrawFails { return .withdrawal(Withdrawal(tried: [], failure: reason)) }
            let tried = own.keys.sorted().map { SharedIdentity(pubky: $0, sourceApp: "app.pubkyring") }
            own = [:]
            return .withdrawal(Withdrawal(tried: tried))
        }
    }

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
