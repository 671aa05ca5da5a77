import AppSupport
import Device
import PubkyCrypto
import PubkyProtocol

extension BitkitRuntime {
    /// spec/02 §13.1 on appear: show activePublicKey, then look its profile up (strict when signed
    /// in or holding the key, lenient for a brand-new key).
    func appearCreateProfile() throws {
        let shown: String
        do {
            shown = try activePublicKey()
        } catch {
            toast(Toast(.error, BitkitTexts.createErrorTitle, error.description))
            memory.createProfile = nil
            setPath(Array(memory.path.dropLast()))
            return
        }
        let strict = memory.publicKey != nil || hasLocalSecretKey(for: shown)
        let kept =
            memory.createProfile.flatMap { $0.shownPubky == shown ? $0.profile : nil } ?? ProfileSummary(name: "")
        memory.createProfile = CreateProfileForm(
            shownPubky: shown, lookup: .loading, strict: strict, restoring: false, profile: kept)
        try runProfileLookup(prefill: true)
    }

    /// Looks the shown pubky's profile up. Found → pre-filled (when `prefill`) and `Restore
    /// Profile`; definitely absent → `Create Profile`, fields kept; any other error → a failed
    /// lookup with a toast (strict) or "no profile" (lenient).
    func runProfileLookup(prefill: Bool) throws {
        guard let form = memory.createProfile else { return }
        let bare = String(form.shownPubky.dropFirst(5))
        try suspend(.createProfileBeforeLookup)
        let result = Result { () throws(ServiceFailure) -> ProfileSummary? in
            try network("profile-read") { backend throws(ServiceFailure) in try backend.profile(of: bare) }
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
    func createProfileAction(name: String?, bio: String?) throws {
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
    func saveProfile() throws {
        guard memory.top == .createProfile, let form = memory.createProfile else {
            notice("Save belongs to Create Profile, which is not shown (open it with `create-profile`).")
            return
        }
        guard !form.profile.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            notice("Save is disabled while the name is empty (`create-profile --name NAME`).")
            return
        }
        switch form.lookup {
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
        } catch let failure as PrivateKeychainError {
            toast(Toast(.error, BitkitTexts.createErrorTitle, failure.description))
            return
        }
        guard current != nil else { throw Terminated() }
        try push(.payContacts)
    }

    /// spec/02 §13.2: the profile-only path for a signed-in identity that still needs its profile,
    /// the full path (sign in with the active key, or derive W and sign up) otherwise.
    func createIdentity(profile: ProfileSummary) throws {
        try suspend(.createProfileBeforeSave)
        if memory.publicKey != nil, memory.isProfileSetupPending || defaults.reference != nil {
            try withSession { session in try writeProfile(profile, session: session) }
            memory.authState = .authenticated
            try finishProfile(profile)
            return
        }
        memory.isProfileSetupPending = false
        try updateDefaults { $0.profileSetupPending = false }
        let pubky: String
        if let secret = activeSecretKeyHex(), let pair = Ed25519KeyPair(secretHex: secret) {
            // An existing key is only ever signed in: signing it up elsewhere would replace its record.
            let session = try signIn(pair)
            try activate(session, localSecret: localSecret(for: pair.pubky))
            try writeProfile(profile, session: session)
            pubky = pair.pubky
        } else {
            let pair = try ownKeyPair()
            let session: PubkySession
            do {
                session = try network("sign-up") { backend throws(ServiceFailure) in
                    try backend.signUpThroughHomegate(keyPair: pair)
                }
            } catch {
                // Typically already registered.
                session = try signIn(pair)
            }
            try activate(session, localSecret: pair.secretHex)
            do {
                try writeProfile(profile, session: session)
            } catch {
                endSession(session)
                throw error
            }
            pubky = pair.pubky
        }
        memory.publicKey = "pubky" + pubky
        memory.authState = .authenticated
        try finishProfile(profile)
        publishOwnSharedRecord()
    }

    private func signIn(_ pair: Ed25519KeyPair) throws -> PubkySession {
        do {
            return try network("sign-in") { backend throws(ServiceFailure) in try backend.signIn(keyPair: pair) }
        } catch {
            throw BitkitFailure(BitkitTexts.authenticationFailed(error.reason))
        }
    }

    /// Writes the Paykit profile (spec/04 §12).
    func writeProfile(_ profile: ProfileSummary, session: PubkySession) throws {
        try network("profile-write") { backend throws(ServiceFailure) in
            try backend.putProfile(profile, session: session)
        }
    }

    /// The profile is now created: setup no longer pending, caches updated.
    private func finishProfile(_ profile: ProfileSummary) throws {
        memory.isProfileSetupPending = false
        memory.profile = profile
        memory.cachedName = profile.name
        memory.cachedImageUri = profile.imageURI
        try updateDefaults {
            $0.profileSetupPending = false
            $0.cachedName = profile.name
            $0.cachedImageURI = profile.imageURI
            $0.set(BitkitDefaults.Key.backupChanged, true)
        }
    }

    /// Ends a just-created session: server sign-out (which forgets local access too), or only the
    /// local forget when the sign-out fails.
    func endSession(_ session: PubkySession) {
        _ = try? network("sign-out") { backend throws(ServiceFailure) in try backend.signOut(session) }
        try? forgetSessionAccess()
    }
}
