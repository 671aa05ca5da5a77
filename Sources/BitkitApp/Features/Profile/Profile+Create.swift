import AppRuntime
import AppSupport
import PubkyCrypto
import PubkyProtocol

/// Create Profile (spec/02 §13): the lookup of the shown pubky, the form, and Save.
extension FeatureContext where F == Profile {
    /// spec/02 §13.1 on appear: show activePublicKey, then look its profile up (strict when signed
    /// in or holding the key, lenient for a brand-new key).
    mutating func appear() throws {
        let shown: String
        do {
            shown = try activePublicKey()
        } catch let error as BitkitFailure {
            toast(Toast(.error, BitkitTexts.createErrorTitle, error.description))
            state.form = nil
            setPath(Array(path.dropLast()))
            return
        }
        let strict = try identity.publicKey != nil || hasLocalSecretKey(for: shown)
        let kept = state.form.flatMap { $0.shownPubky == shown ? $0.profile : nil } ?? ProfileSummary(name: "")
        state.form = CreateProfileForm(
            shownPubky: shown, lookup: .loading, strict: strict, restoring: false, profile: kept)
        try runProfileLookup(prefill: true)
    }

    /// Looks the shown pubky's profile up. Found → pre-filled (when `prefill`) and `Restore
    /// Profile`; definitely absent → `Create Profile`, fields kept; any other error → a failed
    /// lookup with a toast (strict) or "no profile" (lenient).
    private mutating func runProfileLookup(prefill: Bool) throws {
        guard let form = state.form else { return }
        let bare = String(form.shownPubky.dropFirst(5))
        try suspend(.createProfileBeforeLookup)
        let result: Result<ProfileSummary?, ServiceFailure>
        do {
            result = .success(try profile(of: bare))
        } catch let failure as ServiceFailure {
            result = .failure(failure)
        }
        guard var updated = state.form, updated.shownPubky == form.shownPubky else { return }
        switch result {
        case .success(let profile?):
            updated.lookup = .found
            updated.restoring = true
            if prefill { updated.profile = profile }
        case .success(nil):
            updated.lookup = .notFound
            updated.restoring = false
        case .failure(let failure):
            if updated.strict {
                updated.lookup = .failed
                toast(Toast(.error, BitkitTexts.createErrorTitle, failure.reason))
            } else {
                updated.lookup = .notFound
                updated.restoring = false
            }
        }
        state.form = updated
    }

    /// `create-profile`: taps the create card (Pubky Choice) or "finish profile" (Profile with
    /// setup pending), opening Profile first from elsewhere; then fills the given fields.
    mutating func fill(name: String?, bio: String?) throws {
        if top != .createProfile {
            if top != .pubkyChoice, top != .profile {
                sheet = nil
                try openProfile()
                if isRunning, top == .profileIntro { try continueFlow() }
            }
            switch top {
            case .pubkyChoice:
                guard choiceRows.isEmpty else {
                    notice("Pubky Choice shows Pubky Ring's pubkys, so there is no create card (pick one instead).")
                    return
                }
                try push(.createProfile)
            case .profile:
                guard identity.isProfileSetupPending else {
                    notice("The profile is complete: Profile offers no \"finish profile\" (use `profile edit`).")
                    return
                }
                try push(.createProfile)
            case .createProfile:
                break
            default:
                if notices.isEmpty { notice("Create Profile cannot be reached from \(top.rawValue).") }
                return
            }
        }
        guard isRunning, top == .createProfile, var form = state.form else { return }
        if let name { form.profile.name = name }
        if let bio { form.profile.bio = bio }
        state.form = form
    }

    /// `CreateProfileSave` (spec/02 §13.1): after a failed lookup only the lookup runs again;
    /// otherwise the identity is created and Pay Contacts opens.
    mutating func save() throws {
        guard top == .createProfile, let form = state.form else {
            notice("Save belongs to Create Profile, which is not shown (open it with `create-profile`).")
            return
        }
        guard !form.profile.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            notice("Save is disabled while the name is empty (`create-profile --name NAME`).")
            return
        }
        switch form.lookup {
        case .failed where build.has(.failedLookupOverwritesProfile):
            break
        case .failed, .loading:
            // Nothing is written until a lookup succeeds: a transient failure must not overwrite a profile.
            try runProfileLookup(prefill: true)
            return
        case .found, .notFound:
            break
        }
        do {
            try createIdentity(profile: form.profile)
        } catch let failure as BitkitFailure {
            toast(Toast(.error, BitkitTexts.createErrorTitle, failure.description))
            return
        } catch let failure as ServiceFailure {
            toast(Toast(.error, BitkitTexts.createErrorTitle, failure.reason))
            return
        } catch let failure as PrivateStoreError {
            toast(Toast(.error, BitkitTexts.createErrorTitle, failure.description))
            return
        }
        guard isRunning else { throw AppTerminated() }
        try push(.payContacts)
    }

    /// spec/02 §13.2: the profile-only path for a signed-in identity that still needs its profile,
    /// the full path (sign in with the active key, or derive W and sign up) otherwise.
    private mutating func createIdentity(profile: ProfileSummary) throws {
        try suspend(.createProfileBeforeSave)
        if identity.publicKey != nil, identity.isProfileSetupPending || defaults.reference != nil {
            try withSession { context, session in try context.writeProfile(profile, session: session) }
            markAuthenticated()
            finishProfile(profile)
            return
        }
        setProfileSetupPending(false)
        // Android's createLocalIdentitySession drops a reference first (spec/07 §6.6).
        if !build.policy.referenceBlocksSignup, defaults.reference != nil {
            updateDefaults { $0.reference = nil }
        }
        let pubky: String
        if let secret = try activeSecretKeyHex(), let pair = Ed25519KeyPair(secretHex: secret) {
            // An existing key is only ever signed in: signing it up elsewhere would replace its record.
            let session = try signInForProfile(pair)
            try activate(session, localSecret: try localSecret(for: pair.pubky))
            try writeProfile(profile, session: session)
            pubky = pair.pubky
        } else {
            let pair = try ownKeyPair()
            let session: PubkySession
            do {
                session = try self.session(.signUp, .signUpThroughHomegate(pair))
            } catch is ServiceFailure {
                // Typically already registered.
                session = try signInForProfile(pair)
            }
            try activate(session, localSecret: pair.secretHex)
            do {
                try writeProfile(profile, session: session)
            } catch {
                try endSession(session)
                throw error
            }
            pubky = pair.pubky
        }
        authenticate(as: pubky)
        finishProfile(profile)
        try publishOwnSharedRecord()
    }

    private mutating func signInForProfile(_ pair: Ed25519KeyPair) throws -> PubkySession {
        do {
            return try signIn(pair)
        } catch let failure as ServiceFailure {
            throw BitkitFailure(BitkitTexts.authenticationFailed(failure.reason))
        }
    }

    /// Writes the Paykit profile (spec/04 §12).
    private mutating func writeProfile(_ profile: ProfileSummary, session: PubkySession) throws {
        _ = try call(.profileWrite, .putProfile(profile, session))
    }

    /// Ends a just-created session: server sign-out (which forgets local access too), or only the
    /// local forget when the sign-out fails.
    private mutating func endSession(_ session: PubkySession) throws {
        _ = try attempt { try $0.call(.signOut, .signOut(session)) }
        _ = try attempt { try $0.forgetSessionAccess() }
    }
}
