import AppRuntime
import AppSupport
import ContractNames
import IdentitySharing
import PubkyCrypto

/// The adoption of a picked Ring pubky (spec/02 §12).
extension FeatureContext where F == PubkyChoice {
    /// The adoption of Ring pubky `listed` (spec/02 §12).
    mutating func adopt(_ listed: String) throws {
        // 1. In-flight guard: nothing changes, nothing is read.
        if let running = state.adoption, !build.has(.noAdoptionGuard), try isAlive(running.process) {
            failAdoption(BitkitTexts.authenticationFailed(BitkitTexts.adoptionInProgress))
            return
        }
        state.adoption = InFlightMarker(process: try holdProcess(), subject: listed)
        // The tapped row keeps its avatar; the other rows' lookups stop (§11.1).
        if !build.has(.tapKeepsOtherLookups) { state.choice?.lookingUp.removeAll { $0 != listed } }
        let generation = identity.sessionGeneration
        do {
            try runAdoption(listed, generation: generation)
        } catch let failure as BitkitFailure {
            state.adoption = nil
            // A failed adoption reloads the rows once, then the error shows on Pubky Choice (§11.1).
            if isRunning, top == .pubkyChoice, !build.has(.failedPickKeepsStaleRows) { try appear() }
            failAdoption(failure.description)
        } catch is DiscardedResult {
            state.adoption = nil
        } catch {
            state.adoption = nil
            throw error
        }
    }

    private mutating func runAdoption(_ listed: String, generation: Int) throws {
        try suspend(.pickBeforeRead)
        // 2. Just-in-time read with Bitkit's validation.
        let ring = SharedIdentity(pubky: listed, sourceApp: SharedContract.ringSourceApp)
        let read = try readSecret(ring)
        guard let secret = read.secret, let pair = Ed25519KeyPair(secretHex: secret) else {
            if build.policy.adoptionFailsWithReadReason, case .unknown(let reason) = read {
                throw BitkitFailure(reason)
            }
            throw BitkitFailure(BitkitTexts.authenticationFailed(BitkitTexts.ringKeyUnavailable))
        }
        // 3. The reference is set before signing in, so activation never stores the secret.
        let previous = defaults.reference
        let reference = AdoptedReference(sourceApp: SharedContract.ringSourceApp, pubky: listed)
        updateDefaults { $0.reference = reference }
        do {
            let session = try signInOrSignUp(pair, generation: generation)
            try checkGeneration(generation)
            do {
                try activate(session, localSecret: nil)
            } catch let error as PrivateStoreError {
                throw BitkitFailure(BitkitTexts.authenticationFailed("\(error)"))
            }
        } catch let error where error is BitkitFailure || error is DiscardedResult {
            // 6. Rollback: the reference goes back only if it is still ours.
            if isRunning, defaults.reference == reference, !build.has(.noAdoptionRollback) {
                updateDefaults { $0.reference = previous }
            }
            throw error
        }
        identityEvent(.adopted, account: reference.identity.record)
        // 7. Completion.
        authenticate(as: pair.pubky)
        clearProfile()
        updateDefaults { $0.set(BitkitDefaults.Key.backupChanged, true) }
        try suspend(.pickBeforeProfileFetch)
        try checkGeneration(generation)
        // Offline, the row's profile found on Pubky Choice stands in for the fetch (§12 step 7).
        let fetched = try attempt { try $0.profile(of: pair.pubky) }
        let profile =
            build.has(.offlinePickIgnoresRowProfile)
            ? fetched ?? nil : fetched ?? state.rowProfiles?.found[listed]
        // A profile found: the follows' preview is prepared before navigating (spec/09 §2.1).
        let follows = try profile.map { try prepareContactImport(owner: pair.pubky, profileName: $0.name) } ?? false
        try checkGeneration(generation)
        state.adoption = nil
        showAdoptedProfile(profile)
        // 8. Navigation.
        if profile == nil {
            try push(.createProfile)
        } else {
            setPath([follows ? .contactImportOverview : .payContacts])
        }
    }

    /// 5. Sign in; on failure sign up through Homegate only when the network confirms "no record".
    private mutating func signInOrSignUp(_ pair: Ed25519KeyPair, generation: Int) throws -> PubkySession {
        try suspend(.pickBeforeSignIn)
        try checkGeneration(generation)
        let signInError: ServiceFailure
        do {
            return try signIn(pair)
        } catch let failure as ServiceFailure {
            signInError = failure
        }
        try suspend(.pickBeforeRecordCheck)
        try checkGeneration(generation)
        let check = try attempt { try $0.recordCheck(pair.pubky) }
        guard check == .notFound || build.has(.signupOnAnySignInFailure) else {
            // A record exists, or the check could not conclude: signing up could replace it.
            throw BitkitFailure(BitkitTexts.authenticationFailed(signInError.reason))
        }
        try suspend(.pickBeforeSignUp)
        try checkGeneration(generation)
        do {
            return try session(.signUp, .signUpThroughHomegate(pair))
        } catch let failure as ServiceFailure {
            throw BitkitFailure(BitkitTexts.authenticationFailed(failure.reason))
        }
    }

    /// A sign-out, reset or source loss meanwhile makes this adoption's result stale.
    private func checkGeneration(_ generation: Int) throws {
        guard isRunning else { throw AppTerminated() }
        guard identity.sessionGeneration == generation else { throw DiscardedResult() }
    }

    private mutating func failAdoption(_ description: String) {
        toast(Toast(.error, BitkitTexts.adoptErrorTitle, description))
    }
}

/// A late result of an adoption overtaken by a sign-out, reset or source loss: dropped silently.
struct DiscardedResult: Error {}
