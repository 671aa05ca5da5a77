import AppSupport
import ContractNames
import Foundation
import Keychain

/// `state --json` (documented in Docs/cli-bitkit.md): what is stored where and what the running
/// app holds in memory. It never contains a secret: keychain values are reported as present or
/// absent, and of `paykit_session` only its pubky part.
public struct BitkitStateSnapshot: Encodable, Sendable {
    public struct Installed: Encodable, Sendable {
        public var network: String
        public var ownPrefix: String
        public var privateGroup: String
    }

    public struct Identity: Sendable {
        public var kind: IdentityKind
        public var authState: AuthState
        public var publicKey: String?
        public var isInitialized: Bool
        public var initializationErrorMessage: String?
        public var sessionRestorationFailed: Bool
        public var adoptedSourceLost: Bool
        public var isProfileSetupPending: Bool
        public var isAdoptingRingIdentity: Bool
        public var isLoadingProfile: Bool
        public var cachedName: String?
        public var cachedImageUri: String?
        public var profile: ProfileSummary?
    }

    public struct Session: Encodable, Sendable {
        public var pubky: String
    }

    /// Pubky Choice as the running app holds it (spec/02 §11.1).
    public struct Choice: Encodable, Sendable {
        /// The rows' pubkys, in listing order.
        public var rows: [String]
        /// The rows whose profile lookup runs, and the spinner each shows in place of its avatar.
        public var lookingUp: [String]
        public var spinners: [String]
        /// What the session remembers of row profiles: pubkys with a found profile, and misses
        /// (looked up again after the next foreground), in listing order.
        public var found: [String]
        public var missed: [String]
    }

    public var running: Bool
    /// Whether the running app is the one in front (an agent's snapshot reads it, spec/10).
    public var foreground: Bool
    public var installed: Installed
    public var wallet: Bool
    public var paykitUI: Bool
    public var profileIntroSeen: Bool
    public var installMarker: Bool
    public var identity: Identity
    /// Presence of each private keychain key.
    public var privateKeychain: [String: Bool]
    /// Why the private group could not be inspected, if it could not.
    public var privateKeychainError: String?
    public var session: Session?
    public var reference: AdoptedReference?
    public var defaults: BitkitDefaults
    public var route: String?
    public var stack: [String]
    public var sheet: String?
    public var toasts: [Toast]
    /// nil unless the running app holds a Pubky Choice list.
    public var choice: Choice?
    /// The contact import prepared after an adoption (spec/09 §2.4.9); nil when none is pending.
    public var pendingImport: ContactImportPreview?
    /// Whether a contact import runs in a live run.
    public var isImportingContacts: Bool

    enum CodingKeys: String, CodingKey {
        case running, foreground, installed, wallet, paykitUI, profileIntroSeen, installMarker, identity,
            privateKeychain
        case privateKeychainError, session, reference, defaults, route, stack, sheet, toasts, choice
        case pendingImport, isImportingContacts
    }

    /// Every key is written, absent values as `null`, so scenarios can assert on them.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(running, forKey: .running)
        try container.encode(foreground, forKey: .foreground)
        try container.encode(installed, forKey: .installed)
        try container.encode(wallet, forKey: .wallet)
        try container.encode(paykitUI, forKey: .paykitUI)
        try container.encode(profileIntroSeen, forKey: .profileIntroSeen)
        try container.encode(installMarker, forKey: .installMarker)
        try container.encode(identity, forKey: .identity)
        try container.encode(privateKeychain, forKey: .privateKeychain)
        try container.encode(privateKeychainError, forKey: .privateKeychainError)
        try container.encode(session, forKey: .session)
        try container.encode(reference, forKey: .reference)
        try container.encode(defaults, forKey: .defaults)
        try container.encode(route, forKey: .route)
        try container.encode(stack, forKey: .stack)
        try container.encode(sheet, forKey: .sheet)
        try container.encode(toasts, forKey: .toasts)
        try container.encode(choice, forKey: .choice)
        try container.encode(pendingImport, forKey: .pendingImport)
        try container.encode(isImportingContacts, forKey: .isImportingContacts)
    }

    /// Reads the stores as the OS sees them (the private group through the inspector, so the dump
    /// neither needs an unlocked device nor adds keychain calls to the journal).
    static func inspect(_ app: BitkitApp) throws -> BitkitStateSnapshot {
        let sandbox = app.sandbox
        let defaults = try sandbox.load(BitkitDefaults.self, "defaults") ?? BitkitDefaults()
        let memory = BitkitHost.loadMemory(sandbox, network: app.network).memory
        let group = app.network.bitkitPrivateGroup
        var present: [String: Bool] = Dictionary(
            uniqueKeysWithValues: BitkitPrivateKeychain.Key.all.map { ($0, false) })
        var sessionText: String?
        var inspectError: String?
        var reference = defaults.reference
        // Android stores two keys under other names and the reference in the keychain (spec/07 §6.1).
        let referenceInStore = app.sharing.policy.referenceInPrivateStore
        do {
            for (key, text) in try BitkitPrivateKeychain.inspectValues(
                world: app.environment.world, group: group, storedNames: app.os.bitkitKeyNames)
            {
                if referenceInStore, key == AndroidContract.sharedPubkySource {
                    reference = BitkitHost.reference(fromSource: text)
                    continue
                }
                guard present[key] == false else { continue }
                present[key] = !text.isEmpty
                if key == BitkitPrivateKeychain.Key.session { sessionText = text }
            }
        } catch {
            inspectError = "\(error)"
        }
        let hasKey = present[BitkitPrivateKeychain.Key.secretKey] ?? false
        let hasSession = present[BitkitPrivateKeychain.Key.session] ?? false
        let identity = Identity(
            kind: IdentityKind(reference: reference, hasSecretKey: hasKey, hasSession: hasSession),
            authState: memory?.authState ?? .idle,
            publicKey: memory?.publicKey,
            isInitialized: memory?.isInitialized ?? false,
            initializationErrorMessage: memory?.initializationErrorMessage,
            sessionRestorationFailed: memory?.sessionRestorationFailed ?? false,
            adoptedSourceLost: memory?.adoptedSourceLost ?? false,
            isProfileSetupPending: memory?.isProfileSetupPending ?? defaults.profileSetupPending,
            isAdoptingRingIdentity: memory?.isAdoptingRingIdentity(seenFrom: app.environment) ?? false,
            isLoadingProfile: memory?.isLoadingProfile ?? false,
            cachedName: memory.map { $0.cachedName } ?? defaults.cachedName,
            cachedImageUri: memory.map { $0.cachedImageUri } ?? defaults.cachedImageURI,
            profile: memory?.profile)
        return BitkitStateSnapshot(
            running: memory != nil,
            foreground: memory?.inForeground ?? false,
            installed: Installed(
                network: app.network.rawValue, ownPrefix: app.network.bitkitSourceApp, privateGroup: group),
            wallet: present[BitkitPrivateKeychain.Key.mnemonic] ?? false,
            paykitUI: defaults.paykitUIEnabled,
            profileIntroSeen: defaults.profileIntroSeen,
            installMarker: defaults.installMarker,
            identity: identity,
            privateKeychain: present,
            privateKeychainError: inspectError,
            session: sessionText.flatMap(PubkySession.pubky(ofExported:)).map(Session.init(pubky:)),
            reference: reference,
            defaults: defaults,
            route: memory?.top.rawValue,
            stack: memory?.stack ?? [],
            sheet: memory?.sheet?.id,
            toasts: memory?.toasts ?? [],
            choice: memory.flatMap(Self.choice(of:)),
            pendingImport: memory?.pendingImport,
            isImportingContacts: memory?.contactImport?.isAlive(seenFrom: app.environment) ?? false)
    }

    private static func choice(of memory: BitkitMemory) -> Choice? {
        guard let list = memory.choice else { return nil }
        let remembered = memory.rowProfiles ?? RowProfileCache()
        var listed: [String] = []
        for pubky in list.pubkys where !listed.contains(pubky) { listed.append(pubky) }
        return Choice(
            rows: list.pubkys, lookingUp: list.lookingUp,
            spinners: list.lookingUp.map { BitkitElements.choiceRingLookup($0).id },
            found: listed.filter { remembered.found[$0] != nil }, missed: listed.filter(remembered.missed.contains))
    }
}

extension BitkitStateSnapshot.Identity: Encodable {
    enum CodingKeys: String, CodingKey {
        case kind, authState, publicKey, isInitialized, initializationErrorMessage, sessionRestorationFailed
        case adoptedSourceLost, isProfileSetupPending, isAdoptingRingIdentity, isLoadingProfile, cachedName
        case cachedImageUri, profile
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(authState, forKey: .authState)
        try container.encode(publicKey, forKey: .publicKey)
        try container.encode(isInitialized, forKey: .isInitialized)
        try container.encode(initializationErrorMessage, forKey: .initializationErrorMessage)
        try container.encode(sessionRestorationFailed, forKey: .sessionRestorationFailed)
        try container.encode(adoptedSourceLost, forKey: .adoptedSourceLost)
        try container.encode(isProfileSetupPending, forKey: .isProfileSetupPending)
        try container.encode(isAdoptingRingIdentity, forKey: .isAdoptingRingIdentity)
        try container.encode(isLoadingProfile, forKey: .isLoadingProfile)
        try container.encode(cachedName, forKey: .cachedName)
        try container.encode(cachedImageUri, forKey: .cachedImageUri)
        try container.encode(profile, forKey: .profile)
    }
}
