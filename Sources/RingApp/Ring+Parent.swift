import AppRuntime
import AppSupport
import Backend
import ContractNames
import Foundation
import IdentitySharing

/// What Ring offers its features — the composed parent of TCA's `Scope`. A feature's own state is
/// its `FeatureContext.state`; everything else it reads or changes is here: Ring's shared state
/// (its store of pubkys, the navigation and sheet, the toasts, opened URLs and notes) and the work
/// of other features, each forwarded to the feature that owns it. Ring's own code
/// (`Context<Ring>`) uses the same.
extension EffectContext where App == Ring {
    // MARK: Ring's shared state

    /// Ring's persisted store: its pubkys, in Home's order.
    var store: RingStore {
        get { appState.store }
        set { withApp { $0.state.store = newValue } }
    }

    /// The sharing rules of the platform Ring runs on.
    var policy: SharingPolicy { appState.policy }

    /// Whether the build carries `defect` (`simctl install --defect`).
    func has(_ defect: Defect) -> Bool { appState.has(defect) }

    /// Simulated seconds this action's network calls took so far.
    var networkElapsed: Double { appState.networkElapsed }

    /// A note of what the simulator did besides the user's step.
    mutating func note(_ text: String) { withApp { $0.state.notes.append(text) } }

    // MARK: Output

    mutating func raise(_ toast: Toast) {
        withApp { context in
            context.state.raised.append(toast)
            context.record(JournalLine(.toast(style: toast.type.rawValue), detail: toast.text))
        }
    }

    /// Takes back the last toast if it is `toast` (a flow's outcome replaces a step's own toast).
    /// The journal keeps what was raised.
    mutating func retractLast(_ toast: Toast) {
        withApp { context in
            if context.state.raised.last == toast { context.state.raised.removeLast() }
        }
    }

    /// Opens an x-callback URL (recorded; the simulator has no other app to open).
    mutating func openURL(_ url: String) {
        withApp { $0.state.opened.append(url) }
        record(JournalLine(.openURL, detail: url))
    }

    // MARK: Navigation (Ring's, `Ring+Navigation.swift`)

    /// The screen on top.
    var top: RingRoute { withAppMemory(\.top) }
    var stack: [RingRoute] { withAppMemory(\.stack) }

    /// The sheet shown.
    var sheet: RingSheet? {
        get { withAppMemory(\.sheet) }
        set { withApp { $0.memory.sheet = newValue } }
    }

    private func withAppMemory<T>(_ part: KeyPath<RingMemory, T>) -> T {
        (appState.memory ?? RingMemory(stack: [appState.store.onboarded ? .home : .onboarding]))[keyPath: part]
    }

    /// Home alone, or Onboarding before it is done.
    var rootStack: [RingRoute] { appState.store.onboarded ? [.home] : [.onboarding] }

    mutating func navigate(_ stack: [RingRoute]) { withApp { $0.navigate(stack) } }

    /// A wipe's fresh memory: only the launch and the stack it navigates from are kept.
    mutating func forgetEverythingButTheLaunch() {
        withApp { $0.memory = RingMemory(stack: $0.memory.stack, launchID: $0.memory.launchID) }
    }
    mutating func focusHome() throws { try withApp { try $0.focusHome() } }
    mutating func openDetail(_ pubky: String) { withApp { $0.openDetail(pubky) } }

    /// The entry `ref` names, or a usage error.
    func resolve(_ ref: String) throws -> String {
        guard let pubky = RingReferences.entry(ref, in: appState.store.entries) else {
            throw RingAppError.unknownPubky(ref)
        }
        return pubky
    }

    // MARK: The network

    /// One network call; a failure throws `BackendError`. The action's network time is kept.
    mutating func call(_ call: RingNetworkCall) throws -> RingNetworkValue {
        switch try request(.network(call)) {
        case .network(let value, let elapsed):
            withApp { $0.state.networkElapsed = elapsed }
            return value
        case .networkFailed(let error): throw error
        case let other: throw Self.unexpected(.reply(other), for: "network")
        }
    }

    // MARK: The features' work

    mutating func loadOffers() throws { try send(.load, to: Offers.self) }

    mutating func createPubky(name: String?, configure: (inout PubkyEntry) -> Void = { _ in }) throws -> String? {
        try scope(Pubkys.self) { try $0.createPubky(name: name, configure: configure) }
    }

    mutating func importSecret(_ hex: String, name: String?) throws -> String? {
        try scope(Pubkys.self) { try $0.importSecret(hex, name: name) }
    }

    mutating func importMnemonic(_ phrase: String, name: String?) throws -> String? {
        try scope(Pubkys.self) { try $0.importMnemonic(phrase, name: name) }
    }

    @discardableResult
    mutating func signUp(_ pubky: String, homeserver: String, token: String?) throws -> Bool {
        try scope(Pubkys.self) { try $0.signUp(pubky, homeserver: homeserver, token: token) }
    }

    mutating func storeSession(_ session: HomeserverSession, at index: Int) throws {
        try scope(Pubkys.self) { try $0.storeSession(session, at: index) }
    }

    mutating func confirmAuthorization() throws { try send(.confirm, to: Authorization.self) }
}

/// Ring's records in the shared group and its log lines: no state, for Ring and every feature alike.
extension EffectContext where App == Ring {
    /// Journals one of Ring's log lines.
    mutating func log(_ category: LogCategory, account: String?, _ line: String) {
        record(JournalLine(.log(category), account: account, detail: line))
    }

    /// `publishOwnedPubky`: delete then add `app.pubkyring:<pubky>`, holding at the checkpoint between
    /// the two; a failure is only logged (spec/01 §11).
    mutating func publishOwned(pubky: String, secretKey: String) throws {
        let written = try offer(pubky: pubky, secret: secretKey, between: .setOwnedBetweenDeleteAndAdd)
        if let failure = written.failure { log(.publishFailed, account: pubky, failure) }
    }
}
