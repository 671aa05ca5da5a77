import AppRuntime
import AppSupport
import ContractNames

/// Bitkit's pubky identity and its session — the real app's `PubkyProfileManager` (spec/02 §4–§9,
/// §15–§18, §21): what the identity is (its key, authentication, profile and their caches), the
/// profile initialisation at launch, the restore and the source check, activation and clearing.
/// Other features use it through what Bitkit offers them (`Bitkit+Parent.swift`).
public enum Identity: Feature {
    public typealias App = Bitkit

    /// The identity as the running app holds it in memory (spec/02 §4).
    public struct State: Sendable, Equatable {
        public var authState: AuthState = .idle
        /// `pubky<z32>` or nil.
        public var publicKey: String?
        public var profile: ProfileSummary?
        public var isLoadingProfile = false
        public var isInitialized = false
        public var initializationErrorMessage: String?
        public var sessionRestorationFailed = false
        public var adoptedSourceLost = false
        public var cachedName: String?
        public var cachedImageUri: String?
        public var isProfileSetupPending = false
        /// Bumped by clearLocalState: late results of running adoptions and restores are discarded.
        public var sessionGeneration = 0
        /// The homeserver of the live session (the SDK's in-memory session), never its secret.
        public var sessionHomeserver: String?

        public init() {}
    }

    public enum Action: Sendable, Equatable {
        /// Profile initialisation (spec/02 §8.2): at launch, and after a wallet is created or restored.
        case initialize
        /// The app came to the foreground initialised (spec/02 §9, spec/07 §7): a failed restore is
        /// retried where the platform does, then the source check.
        case becameActive
        /// Profile shows an authenticated identity without its profile: load it.
        case loadProfile
    }

    public static func reduce(_ action: Action, _ context: inout FeatureContext<Identity>) throws {
        switch action {
        case .initialize: try context.initializeProfile()
        case .becameActive:
            // Android retries a failed restore on resume, silently (spec/07 §7).
            if context.state.sessionRestorationFailed, context.build.policy.retriesRestoreOnForeground {
                try context.retryRestore()
            }
            try context.checkAdoptedSource()
        case .loadProfile:
            guard context.state.authState == .authenticated, context.state.profile == nil,
                let key = context.state.publicKey
            else { return }
            try context.loadProfileInBackground(pubky: String(key.dropFirst(5)), checkpoint: .profileBeforeLoad)
        }
    }
}

extension FeatureContext where F == Identity {
    /// Signed in as `pubky` (bare): `publicKey` set, authenticated.
    mutating func authenticate(as pubky: String) {
        state.publicKey = "pubky" + pubky
        state.authState = .authenticated
    }

    /// The identity shown (`publicKey`) is signed in again.
    mutating func markAuthenticated() { state.authState = .authenticated }

    /// No profile shown until one is fetched or created.
    mutating func clearProfile() { state.profile = nil }

    /// `publicKey` nil, profile nil, idle, cached name and avatar cleared.
    mutating func clearAuthenticatedState() {
        state.publicKey = nil
        state.profile = nil
        state.authState = .idle
        state.cachedName = nil
        state.cachedImageUri = nil
    }

    /// Whether the profile still has to be created, in memory and in UserDefaults.
    mutating func setProfileSetupPending(_ pending: Bool) {
        state.isProfileSetupPending = pending
        updateDefaults { $0.profileSetupPending = pending }
    }

    /// The profile an adoption found (nil: none yet, so setup is pending), shown and cached.
    mutating func showAdoptedProfile(_ profile: ProfileSummary?) {
        state.profile = profile
        state.isProfileSetupPending = profile == nil
        state.cachedName = profile?.name
        updateDefaults {
            $0.profileSetupPending = profile == nil
            $0.cachedName = profile?.name
        }
    }

    /// The profile is now created: setup no longer pending, caches updated, the backup changed.
    mutating func finishProfile(_ profile: ProfileSummary) {
        state.isProfileSetupPending = false
        state.profile = profile
        state.cachedName = profile.name
        state.cachedImageUri = profile.imageURI
        updateDefaults {
            $0.profileSetupPending = false
            $0.cachedName = profile.name
            $0.cachedImageURI = profile.imageURI
            $0.set(BitkitDefaults.Key.backupChanged, true)
        }
    }
}
