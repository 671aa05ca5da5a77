import AppRuntime
import AppSupport
import ContractNames
import Device
import Foundation
import IdentitySharing
import PubkyCrypto

/// Bitkit on the simulated device: one `send` is one user action, its behaviour (`Bitkit`) run by
/// the app runtime on the app's main actor against its stores (private store, UserDefaults,
/// memory), the identity-sharing seam and the network.
public struct BitkitApp: Sendable {
    /// Makes the app's network client for one action (called at most once per action, lazily).
    public typealias BackendFactory = @Sendable (AppEnvironment) throws -> BitkitBackend
    /// Makes the payment-request network client for one action (lazily, at most once).
    public typealias PaykitNetworkFactory = @Sendable (AppEnvironment, BitcoinNetwork) throws -> PaykitNetwork

    public let environment: AppEnvironment
    public let install: InstalledApp
    /// The device's OS: launches, link aliases and the state dump follow its rules.
    public let os: any PhoneOS
    /// How this build shares identities with Ring (none for a build from before the shared keychain).
    public let sharing: any IdentitySharing
    let host: BitkitHost

    public init(
        environment: AppEnvironment, install: InstalledApp, os: any PhoneOS, privateStore: any BitkitPrivateStore,
        sharing: any IdentitySharing, backend: @escaping BackendFactory,
        paykitNetwork: @escaping PaykitNetworkFactory = SimulatedPaykitNetwork.factory
    ) {
        self.environment = environment
        self.install = install
        self.os = os
        self.sharing = sharing
        let network = install.network ?? .regtest
        self.host = BitkitHost(
            build: BitkitBuild(
                network: network, sharesKeys: install.build.sharesKeys, policy: sharing.policy,
                defects: Set(install.defects)),
            privateStore: privateStore, makeBackend: backend, makePaykitNetwork: paykitNetwork, os: os,
            install: install)
    }

    /// The build's network (every Bitkit install has one; regtest by default).
    public var network: BitcoinNetwork { install.network ?? .regtest }

    /// The app's container.
    public var sandbox: Sandbox { environment.sandbox }

    /// Bitkit's private store for this build.
    public var privateStore: any BitkitPrivateStore { host.privateStore }

    /// Runs one user action and returns the screen it leaves.
    public func send(_ action: BitkitAction) throws -> BitkitOutcome { try perform([action]) }

    /// The screen Bitkit shows now, acting on nothing (so it shows no toast: none was raised).
    public func screen() throws -> BitkitOutcome { try perform([]) }

    /// Taps an element of the current screen, by id or exact label, as that element does (spec/08
    /// §2.2 rows 1–2); an element not shown, disabled, or shown without simulated behaviour is a
    /// refusal: a notice, the screen unchanged.
    public func tap(_ target: TapTarget) throws -> BitkitOutcome {
        guard let shown = try screen().screen else {
            return BitkitOutcome(screen: nil, notices: ["Bitkit is not running: nothing to tap."])
        }
        do {
            return try send(try BitkitTap.action(for: try target.id(on: shown, app: "Bitkit"), on: shown))
        } catch let refusal as TapRefusal {
            return BitkitOutcome(screen: shown, notices: [refusal.description + "."])
        }
    }

    /// Types `text` into the field `id` of the current screen (replacing what it held); a field not
    /// shown, disabled or not simulated is a refusal, as a tap's.
    public func type(_ text: String, into id: String) throws -> BitkitOutcome {
        guard let shown = try screen().screen else {
            return BitkitOutcome(screen: nil, notices: ["Bitkit is not running: nothing to type into."])
        }
        do {
            return try send(try BitkitTap.typing(text, into: id, on: shown))
        } catch let refusal as TapRefusal {
            return BitkitOutcome(screen: shown, notices: [refusal.description + "."])
        }
    }

    private func perform(_ actions: [BitkitAction]) throws -> BitkitOutcome {
        if !actions.isEmpty, let refusal = os.launchRefusal(in: environment) {
            return BitkitOutcome(screen: nil, notices: [refusal])
        }
        let context = try AppRuntime.act(actions, host: host, environment: environment, sharing: sharing)
        return BitkitOutcome(
            screen: context.state.memory.map { BitkitScreenRenderer(state: context.state, memory: $0).screen() },
            notices: context.notices)
    }

    /// The Pubky part of a metadata backup taken now (spec/02 §20). Never contains a secret.
    public func backupSnapshot() throws -> BackupDocument {
        try sandbox.withMainActor(run: environment.run) { _ in
            if try host.load(sandbox).defaults.reference != nil { return BackupDocument(pubkySession: nil) }
            let hasKey = !((try? privateStore.load(BitkitStoreKey.secretKey)) ?? nil ?? "").isEmpty
            return BackupDocument(pubkySession: hasKey ? .localSeed : nil)
        }
    }
}
