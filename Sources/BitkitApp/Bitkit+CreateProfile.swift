import AppRuntime
import AppSupport
import PubkyCrypto
import PubkyProtocol

extension Context where App == Bitkit {
    /// spec/02 §13.1 on appear: show activePublicKey, then look its profile up (strict when signed
    /// in or holding the key, lenient for a brand-new key).
    mutating func appearCreateProfile() throws {
        let shown: String
        do {
            shown = try activePublicKey()
        } catch let error as BitkitFailure {
            toast(Toast(.error, BitkitTexts.createErrorTitle, error.description))
            memory.createProfile = nil
            setPath(Array(memory.path.dropLast()))
            return
        }
        let strict = try memory.publicKey != nil || hasLocalSecretKey(for: shown)
        let kept =
            memory.createProfile.flatMap { $0.shownPubky == shown ? $0.profile : nil } ?? ProfileSummary(name: "")
        memory.createProfile = CreateProfileForm(
            shownPubky: shown, lookup: .loading, strict: strict, restoring: false, profile: kept)
        try runProfileLookup(prefill: true)
    }

    /// Looks the shown pubky's profile up. Found → pre-filled (when `prefill`) and `Restore
    /// Profile`; definitely absent → `Create Profile`, fields kept; any other error → a failed
    /// lookup with a toast (strict) or "no profile" (lenient).
    mutating func runProfileLookup(prefill: Bool) throws {
        guard let form = memory.createProfile else { return }
        let bare = String(form.shownPubky.dropFirst(5))
        try suspend(.createProfileBeforeLookup)
        let result: Result<ProfileSummary?, ServiceFailure>
        do {
            result = .success(try profile(of: bare))
        } catch let failure as ServiceFailure {
            result = .failure(failure)
        }
        guard var updated = memory.createProfile, updated.shownPubky == form.shownPubky else { return }
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
        memory.createProfile = updated
    }

    /// `create-profile`: taps the create card (Pubky Choice) or "finish profile" (Profile with
    /// setup pending), opening Profile first from elsewhere; then fills the given fields.
    mutating func createProfileAction(name: String?, bio: String?) throws {
        if memory.top != .createProfile {
            if memory.top != .pubkyChoice, memory.top != .profile {
                memory.sheet = nil
                try openProfile()
                if current != nil, memory.top == .profileIntro { try continueFlow() }
            }
            switch memory.top {
            case .pubkyChoice:
                guard (memory.choice?.pubkys ?? []).isEmpty else {
                    notice("Pubky Choice shows Pubky Ring's pubkys, so there is no create card (pick one instead).")
                    return
                }
                try push(.createProfile)
            case .profile:
                guard memory.isProfileSetupPending else {
                    notice("The profile is complete: Profile offers no \"finish profile\" (use `profile edit`).")
                    return
                }
                try push(.createProfile)
            case .createProfile:
                break
            default:
                if notices.isEmpty { notice("Create Profile cannot be reached from \(memory.top.rawValue).") }
                return
            }
        }
        guard current != nil, memory.top == .createProfile, var form = memory.createProfile else { return }
        if let name { form.profile.name = name }
        if let bio { form.profile.bio = bio }
        memory.createProfile = form
    }

    /// `CreateProfileSave` (spec/02 §13.1): after a failed lookup only the lookup runs again;
    /// otherwise the identity is created and Pay Contacts opens.
    mutating func saveProfile() throws {
        guard memory.top == .createProfile, let form = memory.createProfile else {
            notice("Save belongs to Create Profile, which is not shown (open it with `create-profile`).")
            return
        }
        guard !form.profile.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            notice("Save is disabled while the name is empty (`create-profile --name NAME`).")
            return
        }
        switch form.lookup {
        case .failed where state.build.has(.failedLookupOverwritesProfile):
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
        guard current != nil else { throw AppTerminated() }
        try push(.payContacts)
    }

    /// spec/02 §13.2: the profile-only path for a signed-in identity that still needs its profile,
    /// the full path (sign in with the active key, or derive W and sign up) otherwise.
    mutating func createIdentity(profile: ProfileSummary) throws {
        try suspend(.createProfileBeforeSave)
        if memory.publicKey != nil, memory.isProfileSetupPending || defaults.reference != nil {
            try withSession { context, session in try context.writeProfile(profile, session: session) }
            memory.authState = .authenticated
            finishProfile(profile)
            return
        }
        memory.isProfileSetupPending = false
        updateDefaults { $0.profileSetupPending = false }
        // Android's createLocalIdentitySession drops a reference first (spec/07 §6.6).
        if !state.build.policy.referenceBlocksSignup, defaults.reference != nil {
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
        memory.publicKey = "pubky" + pubky
        memory.authState = .authenticated
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
    mutating func writeProfile(_ profile: ProfileSummary, session: PubkySession) throws {
        _ = try call(.profileWrite, .putProfile(profile, session))
    }

    /// The profile is now created: setup no longer pending, caches updated.
    private mutating func finishProfile(_ profile: ProfileSummary) {
        memory.isProfileSetupPending = false
        memory.profile = profile
        memory.cachedName = profile.name
        memory.cachedImageUri = profile.imageURI
        updateDefaults {
            $0.profileSetupPending = false
            $0.cachedName = profile.name
            $0.cachedImageURI = profile.imageURI
            $0.set(BitkitDefaults.Key.backupChanged, true)
        }
    }

    /// Ends a just-created session: server sign-out (which forgets local access too), or only the
    /// local forget when the sign-out fails.
    mutating func endSession(_ session: PubkySession) throws {
        _ = try attempt { try $0.call(.signOut, .signOut(session)) }
        _ = try attempt { try $0.forgetSessionAccess() }
    }
}
