import AppRuntime
import AppSupport
import ContractNames
import PubkyCrypto

/// What Bitkit offers its features — the composed parent of TCA's `Scope`. A feature's own state is
/// its `FeatureContext.state`; everything else it reads or changes is here: Bitkit's shared state
/// (the build, UserDefaults, the navigation and sheet, the toasts) and the work of other features,
/// each forwarded to the feature that owns it. Bitkit's own code (`Context<Bitkit>`) uses the same.
extension EffectContext where App == Bitkit {
    // MARK: Bitkit's shared state

    /// The facts of the installed build.
    var build: BitkitBuild { appState.build }
    var network: BitcoinNetwork { appState.network }

    /// UserDefaults, the app's key-value store every screen reads.
    var defaults: BitkitDefaults { appState.defaults }

    mutating func updateDefaults(_ change: (inout BitkitDefaults) -> Void) {
        withApp { change(&$0.state.defaults) }
    }

    /// The identity as `PubkyProfileManager` publishes it (read-only: change it through its methods below).
    var identity: Identity.State { appState.identity }

    // MARK: Output

    mutating func toast(_ toast: Toast) {
        withApp { context in
            context.state.raised.append(toast)
            context.record(JournalLine(.toast(style: toast.type.rawValue), detail: toast.text))
        }
    }

    /// An identity transition for the journal (`simctl audit` reads `identity source-lost`).
    mutating func identityEvent(_ op: IdentityOp, account: String? = nil) {
        record(JournalLine(.identity(op), account: account))
    }

    /// `wipe start` / `wipe end`, carrying this build's owner prefix for the audit.
    mutating func wipeEvent(_ op: WipeOp) {
        record(JournalLine(.wipe(op), owner: network.bitkitSourceApp))
    }

    // MARK: Navigation (Bitkit's, `Bitkit+Navigation.swift`)

    /// The route on top (Home while Bitkit is not running).
    var top: BitkitRoute { appState.memory?.top ?? .home }
    /// The navigation path above the root.
    var path: [BitkitRoute] { appState.memory?.path ?? [] }

    /// The sheet or dialog shown; setting it while Bitkit is not running changes nothing.
    var sheet: BitkitSheet? {
        get { appState.memory?.sheet }
        set { withApp { $0.state.memory?.sheet = newValue } }
    }

    mutating func setPath(_ path: [BitkitRoute]) { withApp { $0.setPath(path) } }
    mutating func setRoot(_ root: BitkitRoute) { withApp { $0.setRoot(root) } }
    mutating func push(_ route: BitkitRoute) throws { try withApp { try $0.push(route) } }
    mutating func open(_ route: BitkitRoute) throws { try withApp { try $0.open(route) } }
    mutating func openProfile() throws { try withApp { try $0.openProfile() } }
    mutating func continueFlow() throws { try withApp { try $0.continueFlow() } }

    /// A wipe's fresh memory: only the launch, the navigation it journals from, the toasts raised so
    /// far and the session generation (late results stay discarded) are kept.
    mutating func forgetEverythingButTheLaunch() {
        withApp { context in
            guard let memory = context.state.memory else { return }
            var fresh = BitkitMemory(launchID: memory.launchID, network: memory.network)
            fresh.toasts = memory.toasts
            fresh.root = memory.root
            fresh.path = memory.path
            fresh.sessionGeneration = memory.sessionGeneration
            context.state.memory = fresh
        }
    }

    // MARK: Identity's work

    /// Profile initialisation, as at launch (spec/02 §8.2).
    mutating func initializeIdentity() throws { try send(.initialize, to: Identity.self) }

    mutating func authenticate(as pubky: String) { scope(Identity.self) { $0.authenticate(as: pubky) } }
    mutating func markAuthenticated() { scope(Identity.self) { $0.markAuthenticated() } }
    mutating func clearProfile() { scope(Identity.self) { $0.clearProfile() } }
    mutating func clearAuthenticatedState() { scope(Identity.self) { $0.clearAuthenticatedState() } }
    mutating func setProfileSetupPending(_ pending: Bool) {
        scope(Identity.self) { $0.setProfileSetupPending(pending) }
    }
    mutating func showAdoptedProfile(_ profile: ProfileSummary?) {
        scope(Identity.self) { $0.showAdoptedProfile(profile) }
    }
    mutating func finishProfile(_ profile: ProfileSummary) { scope(Identity.self) { $0.finishProfile(profile) } }

    mutating func hasSignupBlockingIdentity() throws -> Bool {
        try scope(Identity.self) { try $0.hasSignupBlockingIdentity() }
    }
    mutating func hasExistingIdentity() throws -> Bool { try scope(Identity.self) { try $0.hasExistingIdentity() } }
    mutating func activePublicKey() throws -> String { try scope(Identity.self) { try $0.activePublicKey() } }
    mutating func hasLocalSecretKey(for key: String) throws -> Bool {
        try scope(Identity.self) { try $0.hasLocalSecretKey(for: key) }
    }

    mutating func activate(_ session: PubkySession, localSecret: String?) throws {
        try scope(Identity.self) { try $0.activate(session, localSecret: localSecret) }
    }
    mutating func forgetSessionAccess() throws { try scope(Identity.self) { try $0.forgetSessionAccess() } }
    mutating func clearLocalState(checkpoint: BitkitCheckpoint) throws {
        try scope(Identity.self) { try $0.clearLocalState(checkpoint: checkpoint) }
    }
    mutating func liveSession() throws -> PubkySession { try scope(Identity.self) { try $0.liveSession() } }

    /// Runs a homeserver call with the session, signing in again once when the error asks for a
    /// refresh (spec/02 §21). No secret → no refresh.
    mutating func withSession<T>(_ body: (inout Self, PubkySession) throws -> T) throws -> T {
        let session = try liveSession()
        do {
            return try body(&self, session)
        } catch let failure as ServiceFailure where failure.needsSessionRefresh {
            guard let secret = try activeSecretKeyHex(), let pair = Ed25519KeyPair(secretHex: secret) else {
                throw failure
            }
            let fresh = try signIn(pair)
            try activate(fresh, localSecret: try localSecret(for: fresh.pubky))
            return try body(&self, fresh)
        }
    }

    // MARK: Pubky Choice's work

    /// The Ring pubkys Pubky Choice lists.
    var choiceRows: [String] { appState.pubkyChoice.choice?.pubkys ?? [] }

    mutating func appearPubkyChoice() throws { try send(.appear, to: PubkyChoice.self) }
    mutating func forgetRowProfiles() { scope(PubkyChoice.self) { $0.forgetRowProfiles() } }

    // MARK: The contact import's work

    /// After an adoption that found `profileName`'s profile: prepares the import of `owner`'s follows
    /// (spec/09 §2.1); true when the preview holds at least one follow.
    mutating func prepareContactImport(owner: String, profileName: String) throws -> Bool {
        try send(.prepare(owner: owner, profileName: profileName), to: ContactImport.self)
        return appState.contactImport.pending != nil
    }

    // MARK: Contacts' work

    /// Saves a contact as `contacts add` does, then Contact Saved.
    mutating func saveContact(name: String, pubky: String, receiverPath: String) throws {
        try send(.add(name: name, pubky: pubky, receiverPath: receiverPath), to: Contacts.self)
    }
}
