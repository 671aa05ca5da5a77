import AppRuntime
import AppRuntimeTesting
import Backend
import BitkitApp
import ContractNames
import Foundation
import IdentitySharing
import Keychain
import PhoneTesting
import PubkyCrypto

/// Bitkit's surroundings in memory, for driving `Reducer<Bitkit>` without a process or a disk: the
/// private store, a phone in memory whose shared group Bitkit's real exchange reads and writes, a
/// homeserver with accounts and PKARR records, the Paykit documents and payments, and the SDK
/// faults armed. It answers every effect the way the device would.
///
/// Sharing is never faked: Bitkit's checks of a record (spec/01 §4: a 64-hex secret deriving the
/// pubky), its owner prefix and the keychain's order and statuses are the real code's.
struct BitkitFakeWorld {
    /// The device both apps share, on the platform the test chose; Bitkit's sharing calls run its
    /// real exchange over it (`BitkitKeychainExchange`, or `BitkitProviderClient` and Ring's provider).
    let phone: MemoryPhone
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
    var inbox: PaymentRequestInbox?
    var contacts: PaykitContactBook?
    var funds: WalletFunds?
    /// The payments the Paykit network made, in order.
    var payments: [PaykitCall] = []

    static let homeserver = "ufibwbmed6jeq9k4p583go95wofakh9fwpp4k734trq79pd9u1uy"

    init(platform: Platform = .default) { phone = MemoryPhone(platform: platform) }

    /// Bitkit's private store on the phone: on Android its provider serves `PUBKY_SECRET_KEY` from
    /// here live (spec/07 §2).
    var privateStore: [String: String] {
        get { phone.privateStore() }
        set { phone.setPrivateStore(newValue) }
    }

    /// The sharing policy of the phone's builds.
    var policy: SharingPolicy { phone.policy }

    /// Ring publishes the record of `secret`, as Ring's `setOwned` does.
    func ringPublishes(_ secret: String) {
        ringPublishes(pubky: BitkitFixture.pubky(of: secret), value: secret)
    }

    /// Ring publishes `value` under `pubky` as it is: Ring writes without validating.
    func ringPublishes(pubky: String, value: String) {
        _ = phone.ring().offer(pubky: pubky, secret: value) {}
    }

    /// Ring withdraws every record it published.
    func ringWithdrawsAll() {
        _ = phone.ring().withdrawAll { _ in }
    }

    /// What Ring could read of Bitkit's now: `<package>:<pubky>` → secret.
    var own: [String: String] {
        phone.sharedRecords.filter {
            SharedContract.bitkitSourceApps.contains(SharedContract.owner(ofAccount: $0.key) ?? "")
        }
    }

    /// Bitkit makes `secret`'s pubky visible to Ring, as its launch does on the phone's platform.
    func bitkitPublishes(_ secret: String) {
        phone.bitkitShares(pubky: BitkitFixture.pubky(of: secret), secret: secret)
    }

    /// Bitkit stops making its key visible.
    func bitkitWithdrawsAll() { phone.bitkitStopsSharing() }

    /// Every keychain call of Bitkit's of `operation` fails with `status` (an iOS device's keychain).
    func bitkitKeychainFails(_ operation: KeychainOperation, status: Int32) {
        phone.arm(MemoryPhone.Fault(bundleID: "to.bitkit", operation: operation, status: OSStatus(rawValue: status)))
    }

    /// Bitkit's build can no longer reach Ring's records (a missing entitlement, a revoked grant):
    /// every read is unknown.
    func bitkitLosesAccess() { phone.revokeAccess(of: .bitkit) }

    mutating func respond(_ effect: Effect<Bitkit>, _ state: BitkitState) -> Answer<Bitkit> {
        switch effect {
        case .checkpoint: return .resumed(Bitkit.stored(state))
        case .sharing(let call): return .sharing(call.perform(on: phone.bitkit()), reloaded: nil)
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
            return .followProfiles(
                pubkys.map { FollowProfile(pubky: $0, outcome: profiles[$0].map { .found($0) } ?? .none) })
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

    /// The toast of a pick whose key cannot be read: Android's names the read's reason (spec/07 §6.2).
    static func unreadableKey(_ policy: SharingPolicy) -> String {
        policy.adoptionFailsWithReadReason
            ? "error · \(BitkitTexts.adoptErrorTitle) · \(AndroidContract.ringCredentialUnavailable)"
            : adoptFailure + BitkitTexts.ringKeyUnavailable
    }

    /// A world where Bitkit's wallet is W's mnemonic and nothing else exists.
    static func walletWorld(on platform: Platform = .default) -> BitkitFakeWorld {
        var world = BitkitFakeWorld(platform: platform)
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

    /// Bitkit signed in with Ring's A (the end of scenario 2), on Home, on a phone of `platform`.
    static func adoptedA(on platform: Platform = .default) -> (BitkitState, BitkitFakeWorld) {
        var world = BitkitFakeWorld(platform: platform)
        var state = baseline(policy: world.policy)
        state.defaults.reference = AdoptedReference(sourceApp: "app.pubkyring", pubky: a)
        state.memory?.publicKey = "pubky" + a
        state.memory?.authState = .authenticated
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
