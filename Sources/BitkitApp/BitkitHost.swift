import AppRuntime
import ContractNames
import Device
import Foundation

/// Bitkit on a device: its state from its sandbox and back, and its stores and SDK.
public struct BitkitHost: AppHost {
    public typealias App = Bitkit

    public let build: BitkitBuild
    public let privateStore: any BitkitPrivateStore
    let makeBackend: BitkitApp.BackendFactory
    let makePaykitNetwork: BitkitApp.PaykitNetworkFactory
    /// The phone's OS and this install on it: where link aliases are switched (Android) and how
    /// the private store names its keys.
    let os: any PhoneOS
    let install: InstalledApp

    public func load(_ sandbox: Sandbox) throws -> BitkitStored {
        var defaults = try sandbox.load(BitkitDefaults.self, "defaults") ?? BitkitDefaults()
        if build.policy.referenceInPrivateStore { defaults.reference = loadKeychainReference() }
        let (memory, stale) = Self.loadMemory(sandbox, network: build.network)
        return BitkitStored(defaults: defaults, memory: memory, staleMemory: stale)
    }

    /// The app's memory, or nil when it is not running or belongs to another build (an
    /// update-install restarts the app); `stale` when a document is there all the same.
    static func loadMemory(_ sandbox: Sandbox, network: BitcoinNetwork) -> (memory: BitkitMemory?, stale: Bool) {
        let memory: BitkitMemory?
        do {
            memory = try sandbox.load(BitkitMemory.self, "memory")
        } catch {
            // An unreadable memory document is an app that crashed: it is simply not running.
            return (nil, true)
        }
        guard let memory else { return (nil, false) }
        guard memory.network == network else { return (nil, true) }
        return (memory, false)
    }

    public func state(from stored: BitkitStored) -> BitkitState {
        BitkitState(defaults: stored.defaults, memory: stored.memory, staleMemory: stored.staleMemory, build: build)
    }

    /// UserDefaults are written as soon as they change; the memory at suspensions and at the end.
    public func save(
        _ stored: BitkitStored, over written: BitkitStored, eagerOnly: Bool, to sandbox: Sandbox
    ) throws -> BitkitStored {
        var saved = written
        if stored.defaults != written.defaults {
            var onDisk = stored.defaults
            if build.policy.referenceInPrivateStore {
                if stored.defaults.reference != written.defaults.reference {
                    try saveKeychainReference(stored.defaults.reference)
                }
                onDisk.reference = nil
            }
            try sandbox.save(onDisk, "defaults")
            saved.defaults = stored.defaults
        }
        guard !eagerOnly else { return saved }
        if stored.memory != written.memory || stored.staleMemory != written.staleMemory {
            // A document another build wrote stays until this build's app runs or is killed.
            if stored.memory != nil || !stored.staleMemory { try sandbox.replace(stored.memory, "memory") }
            saved.memory = stored.memory
            saved.staleMemory = stored.staleMemory
        }
        return saved
    }

    /// Android's `SHARED_PUBKY_SOURCE` (`app.pubkyring:<bare pubky>`, spec/07 §6.1) as the reference;
    /// an unreadable or malformed value is no reference.
    func loadKeychainReference() -> AdoptedReference? {
        (try? privateStore.load(AndroidContract.sharedPubkySource)).flatMap { $0 }.flatMap(Self.reference(fromSource:))
    }

    /// The reference a `SHARED_PUBKY_SOURCE` value names; nil unless it is `app.pubkyring:<pubky>`.
    static func reference(fromSource value: String) -> AdoptedReference? {
        guard value.hasPrefix(AndroidContract.ringSourcePrefix), value.count > AndroidContract.ringSourcePrefix.count
        else { return nil }
        return AdoptedReference(
            sourceApp: AndroidContract.ringPackage,
            pubky: String(value.dropFirst(AndroidContract.ringSourcePrefix.count)))
    }

    func saveKeychainReference(_ reference: AdoptedReference?) throws {
        if let reference {
            try privateStore.upsert(AndroidContract.sharedPubkySource, "\(reference.sourceApp):\(reference.pubky)")
        } else {
            try privateStore.delete(AndroidContract.sharedPubkySource)
        }
    }

    public func services(_ environment: AppEnvironment) -> BitkitServices {
        BitkitServices(host: self, environment: environment)
    }

    /// The OS enables the install's `pubkyauth` activity aliases Bitkit decided on, and disables
    /// the others (spec/07 §6.7); nothing is written when they are already so.
    public func applyLinkAliases(_ aliases: [String], in environment: AppEnvironment) throws {
        guard aliases != install.enabledAliases else { return }
        try os.enableLinkAliases(aliases, of: install, on: environment.device)
    }
}

/// One action's Bitkit services: the private store, the Pubky SDK and the Paykit network (each
/// opened at most once, when first used), the Paykit documents in the sandbox.
public final class BitkitServices: RequestPerformer {
    public typealias App = Bitkit

    private let host: BitkitHost
    private let environment: AppEnvironment
    private var backend: BitkitBackend?
    private var paykit: PaykitNetwork?

    init(host: BitkitHost, environment: AppEnvironment) {
        self.host = host
        self.environment = environment
    }

    public func perform(_ request: BitkitRequest) -> Answer<Bitkit> {
        switch request {
        case .store(let call): return .reply(store(call))
        case .network(let fault, let call):
            if environment.consumeSDKFault(fault.rawValue) { return .reply(.serviceFailed(.sdkFault(fault.rawValue))) }
            do {
                return .reply(try network(call, on: try openBackend()))
            } catch {
                return .reply(.serviceFailed(error))
            }
        case .openPaykit:
            do {
                paykit = try host.makePaykitNetwork(environment, host.build.network)
                return .reply(.done)
            } catch let failure as ServiceFailure {
                return .reply(.serviceFailed(failure))
            } catch {
                return .reply(.serviceFailed(ServiceFailure(reason: "\(error)")))
            }
        case .paykit(let fault, let call):
            if environment.consumeSDKFault(fault.rawValue) { return .reply(.serviceFailed(.sdkFault(fault.rawValue))) }
            guard let paykit else { return .reply(.serviceFailed(ServiceFailure(reason: "Paykit is not open"))) }
            do {
                return .reply(try Self.paykit(call, on: paykit))
            } catch {
                return .reply(.serviceFailed(error))
            }
        case .loadDocument(let kind): return document(kind)
        case .saveDocument(let document): return save(document)
        case .removeDocuments(let kinds):
            let sandbox = environment.sandbox
            for kind in kinds { sandbox.remove(kind.name) }
            return .reply(.done)
        }
    }

    private func store(_ call: PrivateStoreCall) -> BitkitReply {
        let store = host.privateStore
        do throws(PrivateStoreError) {
            switch call {
            case .load(let key): return .value(try store.load(key))
            case .save(let key, let value): try store.save(key, value)
            case .upsert(let key, let value): try store.upsert(key, value)
            case .delete(let key): try store.delete(key)
            case .wipe: return .wiped(try store.wipe())
            case .peek(let key): return .value(peek(key))
            }
            return .done
        } catch {
            return .storeFailed(error)
        }
    }

    /// The value of `key` as the OS holds it (no app, no lock, no journal); nil when unreadable.
    private func peek(_ key: String) -> String? {
        let values =
            (try? BitkitPrivateKeychain.inspectValues(
                world: environment.world, group: host.build.network.bitkitPrivateGroup,
                storedNames: host.os.bitkitKeyNames)) ?? []
        return values.first { $0.key == key }?.text
    }

    private func openBackend() throws(ServiceFailure) -> BitkitBackend {
        if let backend { return backend }
        do {
            let made = try host.makeBackend(environment)
            backend = made
            return made
        } catch let failure as ServiceFailure {
            throw failure
        } catch {
            throw ServiceFailure(reason: "\(error)")
        }
    }

    private func network(_ call: BackendCall, on backend: BitkitBackend) throws(ServiceFailure) -> BitkitReply {
        switch call {
        case .signIn(let pair): return .session(try backend.signIn(keyPair: pair))
        case .signUpThroughHomegate(let pair): return .session(try backend.signUpThroughHomegate(keyPair: pair))
        case .signUp(let pair, let homeserver, let token):
            return .session(try backend.signUp(keyPair: pair, homeserver: homeserver, token: token))
        case .importSession(let exported): return .session(try backend.importSession(exported))
        case .signOut(let session): try backend.signOut(session)
        case .recordCheck(let pubky): return .recordCheck(try backend.recordCheck(pubky: pubky))
        case .profile(let pubky): return .profile(try backend.profile(of: pubky))
        case .hasFollows(let pubky): return .flag(try backend.hasFollows(pubky: pubky))
        case .follows(let pubky): return .follows(try backend.follows(of: pubky))
        case .followProfiles(let pubkys, let lane):
            return .followProfiles(try backend.followProfiles(pubkys, lane: lane))
        case .putProfile(let profile, let session): try backend.putProfile(profile, session: session)
        case .deleteProfile(let session): try backend.deleteProfile(session: session)
        case .approve(let link, let pair): try backend.approveAuthRequest(link: link, keyPair: pair)
        case .removeEndpoints(let session, let privateOnes):
            try backend.removeEndpoints(session: session, privateOnes: privateOnes)
        }
        return .done
    }

    private static func paykit(_ call: PaykitCall, on network: PaykitNetwork) throws(ServiceFailure) -> BitkitReply {
        switch call {
        case .paymentRequests(let issuer, let recipient):
            return .records(try network.paymentRequests(from: issuer, to: recipient))
        case .endpoints(let pubky, let receiverPath):
            return .endpoints(try network.endpoints(of: pubky, receiverPath: receiverPath))
        case .payOnchain(let address, let sats): return .paid(try network.payOnchain(address: address, sats: sats))
        case .payLightning(let invoice, let amountMsat, let hash):
            return .paid(try network.payLightning(invoice: invoice, amountMsat: amountMsat, paymentHash: hash))
        }
    }

    private func document(_ kind: BitkitDocument.Kind) -> Answer<Bitkit> {
        let sandbox = environment.sandbox
        do {
            switch kind {
            case .inbox:
                return .reply(
                    .document(try sandbox.load(PaymentRequestInbox.self, kind.name).map(BitkitDocument.inbox)))
            case .contacts:
                return .reply(
                    .document(try sandbox.load(PaykitContactBook.self, kind.name).map(BitkitDocument.contacts)))
            case .funds:
                return .reply(.document(try sandbox.load(WalletFunds.self, kind.name).map(BitkitDocument.funds)))
            }
        } catch {
            return .broken(AppRuntime<BitkitHost>.worldError(error))
        }
    }

    private func save(_ document: BitkitDocument) -> Answer<Bitkit> {
        let sandbox = environment.sandbox
        do {
            switch document {
            case .inbox(let inbox): try sandbox.save(inbox, BitkitDocument.Kind.inbox.name)
            case .contacts(let book): try sandbox.save(book, BitkitDocument.Kind.contacts.name)
            case .funds(let funds): try sandbox.save(funds, BitkitDocument.Kind.funds.name)
            }
            return .reply(.done)
        } catch {
            return .broken(AppRuntime<BitkitHost>.worldError(error))
        }
    }
}
