import AppRuntime
import AppRuntimeTesting
import Backend
import BitkitApp
import ContractNames
import Foundation
import IdentitySharing
import PubkyCrypto

/// Bitkit's surroundings in memory, for driving `Reducer<Bitkit>` without a process or a disk: the
/// private store, what Ring shares, Bitkit's own shared records, a homeserver with accounts and
/// PKARR records, the Paykit documents and payments, and the SDK faults armed. It answers every
/// effect the way the device would.
///
/// Its shared group is only a transport: it hands back what Ring stored. Bitkit's checks of a
/// record (spec/01 §4: a 64-hex secret deriving the pubky) are the real exchange's; a test whose
/// subject they are reads through `exchange`, Bitkit's real one over a real group (`RealSharedGroup`).
struct BitkitFakeWorld {
    var privateStore: [String: String] = [:]
    /// Ring's shared records in the order Ring published them: pubky → stored value.
    var ring: [(pubky: String, value: String)] = []
    /// Bitkit's own shared records: `<prefix>:<pubky>` → secret.
    var own: [String: String] = [:]
    /// When set, every shared read and listing of the device answers unknown with this reason (a
    /// locked device on iOS).
    var sharingUnknown: String?
    /// Pubkys with an account on the homeserver.
    var accounts: Set<String> = []
    /// Pubkys with a PKARR record.
    var records: Set<String> = []
    /// When true the record check cannot conclude (DHT unreachable).
    var recordCheckUnknown = false
    var profiles: [String: ProfileSummary] = [:]
    /// Each user's follow file names (spec/09 §1.1).
    var follows: [String: [String]] = [:]
    /// When true profile reads fail (HTTP 500).
    var profileReadsFail = false
    var faults: Set<BitkitSDKFault> = []
    var liveProcesses: Set<Int32> = [1]
    var nextLaunchID: UInt64 = 100
    /// When set, every sharing call goes to it instead of the fake's records.
    var exchange: (any IdentitySharing)?
    var inbox: PaymentRequestInbox?
    var contacts: PaykitContactBook?
    var funds: WalletFunds?
    /// The payments the Paykit network made, in order.
    var payments: [PaykitCall] = []

    static let homeserver = "ufibwbmed6jeq9k4p583go95wofakh9fwpp4k734trq79pd9u1uy"

    /// Ring publishes the record of `secret`.
    mutating func ringPublishes(_ secret: String) {
        let pubky = BitkitFixture.pubky(of: secret)
        ring.removeAll { $0.pubky == pubky }
        ring.append((pubky, secret))
    }

    mutating func respond(_ effect: Effect<Bitkit>, _ state: BitkitState) -> Answer<Bitkit> {
        switch effect {
        case .checkpoint: return .resumed(Bitkit.stored(state))
        case .sharing(let call): return .sharing(share(call), reloaded: nil)
        case .request(let request): return .reply(serve(request))
        case .draw: return .drawn(7)
        case .launchID:
            nextLaunchID += 1
            return .drawn(nextLaunchID)
        case .readClock: return .clock(Date(timeIntervalSince1970: 1_767_225_600))
        case .sdkFault(let fault): return .fault(faults.contains(fault))
        case .connectivity: return .online(true)
        case .holdProcess: return .process(1)
        case .processAlive(let pid): return .alive(liveProcesses.contains(pid))
        case .journal, .sleep, .linkAliases: return .fault(false)
        }
    }

    private mutating func share(_ call: SharingCall<BitkitCheckpoint>) -> SharingAnswer {
        if let exchange {
            switch call {
            case .listPeers: return .listing(exchange.listPeers())
            case .readSecret(let identity): return .secret(exchange.readSecret(identity))
            case .presence(let identity): return .presence(exchange.presence(of: identity))
            case .offer(let pubky, let secret, _): return .write(exchange.offer(pubky: pubky, secret: secret) {})
            case .withdraw(let pubky): return .write(exchange.withdraw(pubky: pubky))
            case .withdrawAll: return .withdrawal(exchange.withdrawAll { _ in })
            }
        }
        switch call {
        case .listPeers:
            if let reason = sharingUnknown { return .listing(.unknown(reason)) }
            return .listing(.listed(ring.map { SharedIdentity(pubky: $0.pubky, sourceApp: "app.pubkyring") }))
        case .readSecret(let identity):
            if let reason = sharingUnknown { return .secret(.unknown(reason)) }
            guard let value = ring.first(where: { $0.pubky == identity.pubky })?.value else { return .secret(.absent) }
            return .secret(.found(value))
        case .presence(let identity):
            if let reason = sharingUnknown { return .presence(.unknown(reason)) }
            return .presence(ring.contains { $0.pubky == identity.pubky } ? .present : .absent)
        case .offer(let pubky, let secret, _):
            own["to.bitkit.dev:\(pubky)"] = secret
            return .write(.done)
        case .withdraw(let pubky):
            own["to.bitkit.dev:\(pubky)"] = nil
            return .write(.done)
        case .withdrawAll:
            let tried = own.keys.sorted().map {
                SharedIdentity(pubky: String($0.dropFirst(14)), sourceApp: "to.bitkit.dev")
            }
            own = [:]
            return .withdrawal(Withdrawal(tried: tried))
        }
    }

    private mutating func serve(_ request: BitkitRequest) -> BitkitReply {
        switch request {
        case .store(let call):
            switch call {
            case .load(let key), .peek(let key): return .value(privateStore[key])
            case .save(let key, let value):
                guard privateStore[key] == nil else {
                    return .storeFailed(.status(operation: "save", key: key, code: -25299))
                }
                privateStore[key] = value
            case .upsert(let key, let value): privateStore[key] = value
            case .delete(let key): privateStore[key] = nil
            case .wipe:
                let keys = privateStore.keys.sorted()
                privateStore = [:]
                return .wiped(keys)
            }
            return .done
        case .network(let fault, let call):
            if faults.contains(fault) { return .serviceFailed(.sdkFault(fault.rawValue)) }
            return network(call)
        case .openPaykit: return .done
        case .paykit(let fault, let call):
            if faults.contains(fault) { return .serviceFailed(.sdkFault(fault.rawValue)) }
            switch call {
            case .payOnchain, .payLightning:
                payments.append(call)
                return .paid(String(repeating: "ab", count: 32))
            case .paymentRequests: return .records([])
            case .endpoints: return .endpoints([])
            }
        case .loadDocument(.inbox): return .document(inbox.map(BitkitDocument.inbox))
        case .loadDocument(.contacts): return .document(contacts.map(BitkitDocument.contacts))
        case .loadDocument(.funds): return .document(funds.map(BitkitDocument.funds))
        case .saveDocument(.inbox(let saved)): inbox = saved
        case .saveDocument(.contacts(let saved)): contacts = saved
        case .saveDocument(.funds(let saved)): funds = saved
        case .removeDocuments:
            (inbox, contacts, funds) = (nil, nil, nil)
        }
        return .done
    }

    private mutating func network(_ call: BackendCall) -> BitkitReply {
        func session(_ pubky: String) -> BitkitReply {
            .session(PubkySession(pubky: pubky, homeserver: Self.homeserver, secret: "s-\(pubky.prefix(4))"))
        }
        switch call {
        case .signIn(let pair):
            guard accounts.contains(pair.pubky) else {
                return .serviceFailed(
                    ServiceFailure(reason: "No account for this pubky", status: 404, isNotFound: true))
            }
            return session(pair.pubky)
        case .signUpThroughHomegate(let pair), .signUp(let pair, _, _):
            accounts.insert(pair.pubky)
            records.insert(pair.pubky)
            return session(pair.pubky)
        case .importSession(let exported):
            guard let pubky = PubkySession.pubky(ofExported: exported), accounts.contains(pubky) else {
                return .serviceFailed(ServiceFailure(reason: "session not active", status: 401))
            }
            return session(pubky)
        case .signOut: return .done
        case .recordCheck(let pubky):
            if recordCheckUnknown { return .recordCheck(.unknown) }
            return .recordCheck(records.contains(pubky) ? .found : .notFound)
        case .profile(let pubky):
            if profileReadsFail {
                return .serviceFailed(ServiceFailure(reason: "HTTP 500", status: 500, isTransport: true))
            }
            return .profile(profiles[pubky])
        case .hasFollows: return .flag(false)
        case .follows(let pubky): return .follows(FollowsListing(names: follows[pubky] ?? []))
        case .followProfiles(let pubkys, _):
            return .followProfiles(pubkys.map { FollowProfile(pubky: $0, outcome: profiles[$0].map { .found($0) } ?? .none) })
        case .putProfile(let profile, let session):
            profiles[session.pubky] = profile
            return .done
        case .deleteProfile(let session):
            profiles[session.pubky] = nil
            return .done
        case .approve: return .done
        case .removeEndpoints: return .done
        }
    }
}

/// Fixture identities (spec/06 §0.1) and states for Bitkit's reducer tests.
enum BitkitFixture {
    static let mnemonic = Fixture.mnemonic
    static let w = Fixture.w
    static let wSecret = Fixture.wSecret
    static let a = Fixture.a
    static let aSecret = Fixture.aSecret
    static let b = Fixture.b
    static let bSecret = Fixture.bSecret

    static let ringA = SharedIdentity(pubky: a, sourceApp: "app.pubkyring")
    static let ringB = SharedIdentity(pubky: b, sourceApp: "app.pubkyring")
    static let referenceA = AdoptedReference(sourceApp: "app.pubkyring", pubky: a)
    static let adoptFailure = "error · \(BitkitTexts.adoptErrorTitle) · Authentication failed: "
    static let sourceLost = "error · \(BitkitTexts.sourceLostTitle) · \(BitkitTexts.sourceLostDescription)"

    /// A world where Bitkit's wallet is W's mnemonic and nothing else exists.
    static func walletWorld() -> BitkitFakeWorld {
        var world = BitkitFakeWorld()
        world.privateStore = [BitkitStoreKey.mnemonic: mnemonic]
        return world
    }

    static func pubky(of secret: String) -> String { Ed25519KeyPair(secretHex: secret)?.pubky ?? "" }
    static func pair(_ secret: String) -> Ed25519KeyPair { Ed25519KeyPair(secretHex: secret)! }

    /// The catalogue baseline (spec/06 §0.2) as a state: wallet W, Paykit UI on, intro seen, identity
    /// NONE, running on Home, initialised.
    static func baseline(policy: SharingPolicy = .iOS) -> BitkitState {
        var defaults = BitkitDefaults()
        defaults.paykitUIEnabled = true
        defaults.profileIntroSeen = true
        defaults.installMarker = true
        var memory = BitkitMemory(launchID: 1, network: .regtest)
        memory.isInitialized = true
        // An Android build routes links through the aliases it decides (spec/07 §6.7).
        let build = BitkitBuild(network: .regtest, policy: policy)
        return BitkitState(defaults: defaults, memory: memory, build: build)
    }

    /// Bitkit on Pubky Choice listing `pubkys`.
    static func onPubkyChoice(_ pubkys: [String], policy: SharingPolicy = .iOS) -> BitkitState {
        var state = baseline(policy: policy)
        state.memory?.path = [.pubkyChoice]
        state.memory?.choice = PubkyChoiceList(pubkys: pubkys)
        // The rows' lookups have run and found no profile (spec/02 §11.1).
        state.memory?.rowProfiles = RowProfileCache(missed: pubkys)
        return state
    }

    /// `state` as a build carrying the named `defects`.
    static func withDefects(_ state: BitkitState, _ defects: Set<Defect>) -> BitkitState {
        var build = state.build
        build.defects = defects
        return BitkitState(defaults: state.defaults, memory: state.memory, build: build)
    }

    /// Bitkit signed in with Ring's A (the end of scenario 2), on Home.
    static func adoptedA(policy: SharingPolicy = .iOS) -> (BitkitState, BitkitFakeWorld) {
        var state = baseline(policy: policy)
        state.defaults.reference = AdoptedReference(sourceApp: "app.pubkyring", pubky: a)
        state.memory?.publicKey = "pubky" + a
        state.memory?.authState = .authenticated
        var world = BitkitFakeWorld()
        world.privateStore = [BitkitStoreKey.mnemonic: mnemonic, BitkitStoreKey.session: "\(a):s-tkrq"]
        world.ringPublishes(aSecret)
        world.accounts = [a]
        world.records = [a]
        return (state, world)
    }
}

extension TestStore where App == Bitkit {
    /// The SDK calls the step made, in order.
    var networkCalls: [BackendCall] {
        calls.compactMap { if case .request(.network(_, let call)) = $0 { return call } else { return nil } }
    }

    /// The sharing calls the step made, in order.
    var sharingCalls: [SharingCall<BitkitCheckpoint>] {
        calls.compactMap { if case .sharing(let call) = $0 { return call } else { return nil } }
    }

    /// The toasts the step raised.
    var toasts: [String] { state.raised.map(\.text) }
}
