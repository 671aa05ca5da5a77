import AppNetwork
import AppRuntime
import Backend
import ContractNames
import Device
import Foundation
import IdentitySharing
import PubkyCrypto
import WorldFiles

/// Pubky Ring on a device: its state from its sandbox and back, its private store, its network
/// client and the device's files.
public struct RingHost: AppHost {
    public typealias App = Ring

    public let privateStore: any RingPrivateStore
    public let policy: SharingPolicy
    /// The named defects installed with the build.
    public var defects: Set<Defect> = []

    public func load(_ sandbox: Sandbox) throws -> RingStored {
        RingStored(
            store: try sandbox.load(RingStore.self, RingStore.document) ?? RingStore(),
            memory: try sandbox.load(RingMemory.self, RingMemory.document))
    }

    public func state(from stored: RingStored) -> RingState {
        RingState(store: stored.store, memory: stored.memory, policy: policy, defects: defects)
    }

    /// Ring writes its store and memory at suspensions and at the end of an action (and the store
    /// when an adoption asks for it).
    public func save(
        _ stored: RingStored, over written: RingStored, eagerOnly: Bool, to sandbox: Sandbox
    ) throws -> RingStored {
        guard !eagerOnly else { return written }
        if stored.store != written.store { try sandbox.save(stored.store, RingStore.document) }
        if stored.memory != written.memory { try sandbox.replace(stored.memory, RingMemory.document) }
        return stored
    }

    public func services(_ environment: AppEnvironment) -> RingServices {
        RingServices(host: self, environment: environment)
    }
}

/// One action's Ring services.
public final class RingServices: RequestPerformer {
    public typealias App = Ring

    private let host: RingHost
    private let environment: AppEnvironment
    private lazy var network = AppNetworkClient(environment: environment)

    init(host: RingHost, environment: AppEnvironment) {
        self.host = host
        self.environment = environment
    }

    public func perform(_ request: RingRequest) -> Answer<Ring> {
        switch request {
        case .store(let call): return .reply(store(call))
        case .network(let call): return .reply(self.call(call))
        case .readRecoveryFile(let url):
            do {
                return .reply(.bytes(try InputLimit.recoveryFile.read(url.path)))
            } catch {
                return .reply(.unusableFile(.unusableFile(error)))
            }
        case .writeFile(let url, let bytes):
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url, options: .atomic)
                return .reply(.done)
            } catch {
                return .reply(.failed(error.localizedDescription))
            }
        case .isFolder(let url):
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            return .reply(.flag(exists && isDirectory.boolValue))
        case .filesFolder:
            return .reply(.folder(environment.world.files))
        case .saveStore(let store):
            // `simctl fault sdk --app ring save-store`: the adoption's save fails (spec/03 §5).
            if environment.consumeSDKFault(RingSDKFault.saveStore.rawValue) {
                return .reply(.failed("No space left on device"))
            }
            do {
                try Sandbox(world: environment.world, app: .ring).save(store, RingStore.document)
                return .reply(.done)
            } catch {
                return .reply(.failed("\(error)"))
            }
        }
    }

    private func store(_ call: RingStoreCall) -> RingReply {
        let store = host.privateStore
        do throws(RingStoreError) {
            switch call {
            case .saveSecret(let secret, let pubky): try store.saveSecret(secret, pubky: pubky)
            case .loadSecret(let pubky): return .secret(try store.loadSecret(pubky: pubky))
            case .deleteSecret(let pubky): try store.deleteSecret(pubky: pubky)
            case .saveSession(let pubky, let id, let exported):
                try store.saveSession(pubky: pubky, sessionID: id, exported: exported)
            case .deleteSessions(let pubkys): try store.deleteSessions(pubkys: pubkys)
            case .reset: try store.reset()
            }
            return .done
        } catch {
            return .storeFailed(error)
        }
    }

    private func call(_ call: RingNetworkCall) -> RingReply {
        do throws(BackendError) {
            let value: RingNetworkValue
            switch call {
            case .resolve(let pubky):
                value = .homeserver(
                    try network.call { client throws(BackendError) in try client.resolve(pubky) }.record?.homeserver)
            case .signUp(let pair, let homeserver, let token):
                value = .session(
                    try network.call { client throws(BackendError) in
                        try client.signUp(keyPair: pair, homeserver: homeserver, signupToken: token)
                    })
            case .signIn(let pair):
                value = .session(try network.call { client throws(BackendError) in try client.signIn(keyPair: pair) })
            case .approve(let link, let pair):
                value = .granted(
                    try network.call { client throws(BackendError) in
                        try client.approveAuthRequest(link: link, keyPair: pair)
                    }
                    .capabilities)
            case .publishHomeserver(let pair, let homeserver):
                _ = try network.call { client throws(BackendError) in
                    try client.publishHomeserver(keyPair: pair, homeserver: homeserver)
                }
                value = .done
            case .issueSignupToken(let homeserver):
                // A world action (QA pasting a token), not a network call of the app.
                var random = SeededRandom(seed: environment.drawSeed())
                value = .token(
                    try network.store().issueSignupToken(
                        homeserver: homeserver, issuer: "simctl", random: &random, now: environment.deviceTime()))
            }
            return .network(value, elapsed: network.elapsed)
        } catch {
            return .networkFailed(error)
        }
    }
}
