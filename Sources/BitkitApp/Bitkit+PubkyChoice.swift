import AppRuntime
import AppSupport
import ContractNames
import IdentitySharing
import PubkyCrypto
import PubkyProtocol

extension Context where App == Bitkit {
    /// spec/02 §11 on appear: list Ring's pubkys (an unknown listing shows as empty); the rows show
    /// at once, and each row's profile is looked up in the background unless the session remembers
    /// it (§11.1: found profiles are kept, misses until the next foreground; profiles of pubkys no
    /// longer listed are dropped). A running lookup shows a spinner; a tap stops the others.
    mutating func appearPubkyChoice() throws {
        let pubkys = try listPeers().identities.map(\.pubky)
        var cache = memory.rowProfiles ?? RowProfileCache()
        if state.build.has(.rowProfilesNotRemembered) { cache = RowProfileCache() }
        cache.keep(only: Set(pubkys))
        memory.rowProfiles = cache
        // In list order, once each: the lookups reach the journal and use up counted faults, and a
        // Set's order changes from one process to the next.
        var pending: [String] = []
        for pubky in pubkys where !pending.contains(pubky) && !cache.remembers(pubky) {
            if PublicKey(z32: pubky) != nil { pending.append(pubky) }
        }
        memory.choice = PubkyChoiceList(pubkys: pubkys, lookingUp: pending)
        guard !pending.isEmpty else { return }
        try suspend(.choiceBeforeProfileFetch)
        for pubky in pending {
            guard current?.choice?.lookingUp.contains(pubky) == true else { continue }
            let found = try attempt { try $0.profile(of: pubky) } ?? nil
            // A tap, a reload or a sign-out meanwhile stopped this lookup: its result is dropped.
            guard var choice = current?.choice, choice.lookingUp.contains(pubky) else { continue }
            choice.lookingUp.removeAll { $0 == pubky }
            var remembered = memory.rowProfiles ?? RowProfileCache()
            remembered.remember(pubky, found)
            memory.rowProfiles = remembered
            memory.choice = choice
        }
    }

    /// `pick`: from another screen Profile opens first (which shows Pubky Choice); then the row is
    /// tapped (spec/02 §12).
    mutating func pick(_ target: BitkitAction.RowTarget) throws {
        if memory.top != .pubkyChoice {
            memory.sheet = nil
            try openProfile()
            if current != nil, memory.top == .profileIntro { try continueFlow() }
        }
        guard current != nil else { throw AppTerminated() }
        guard memory.top == .pubkyChoice else {
            if notices.isEmpty {
                notice(
                    "Pubky Choice is not shown (Profile opens \(memory.top.rawValue): Bitkit already has an identity).")
            }
            return
        }
        let listed = memory.choice?.pubkys ?? []
        let pubky: String
        switch target {
        case .index(let index):
            guard listed.indices.contains(index - 1) else {
                throw BitkitAppError.invalidArgument(
                    "Pubky Choice has \(listed.count) Ring row(s); there is no row #\(index).")
            }
            pubky = listed[index - 1]
        case .pubky(let text):
            let bare = PubkyKey.isPrefixed(text) ? String(text.dropFirst(5)) : text
            guard let match = listed.first(where: { $0 == text || $0 == bare }) else {
                throw BitkitAppError.invalidArgument(
                    listed.isEmpty
                        ? "Pubky Choice lists no Ring pubkys; it shows only the create card."
                        : "No Pubky Choice row for \(text); rows: \(listed.joined(separator: ", ")) "
                            + "(the list loads when Pubky Choice appears; `bitkit-sim foreground` reloads it).")
            }
            pubky = match
        }
        try adopt(pubky)
    }

    /// The adoption of Ring pubky `listed` (spec/02 §12).
    mutating func adopt(_ listed: String) throws {
        // 1. In-flight guard: nothing changes, nothing is read.
        if let running = memory.adoption, !state.build.has(.noAdoptionGuard), try isAlive(running.process) {
            failAdoption(BitkitTexts.authenticationFailed(BitkitTexts.adoptionInProgress))
            return
        }
        memory.adoption = InFlightMarker(process: try holdProcess(), subject: listed)
        // The tapped row keeps its avatar; the other rows' lookups stop (§11.1).
        if !state.build.has(.tapKeepsOtherLookups) { memory.choice?.lookingUp.removeAll { $0 != listed } }
        let generation = memory.sessionGeneration
        do {
            try runAdoption(listed, generation: generation)
        } catch let failure as BitkitFailure {
            current?.adoption = nil
            // A failed adoption reloads the rows once, then the error shows on Pubky Choice (§11.1).
            if current?.top == .pubkyChoice, !state.build.has(.failedPickKeepsStaleRows) { try appearPubkyChoice() }
            failAdoption(failure.description)
        } catch is DiscardedResult {
            current?.adoption = nil
        } catch {
            current?.adoption = nil
            throw error
        }
    }

    private mutating func runAdoption(_ listed: String, generation: Int) throws {
        try suspend(.pickBeforeRead)
        // 2. Just-in-time read with Bitkit's validation.
        let ring = SharedIdentity(pubky: listed, sourceApp: SharedContract.ringSourceApp)
        let read = try readSecret(ring)
        guard let secret = read.secret, let pair = Ed25519KeyPair(secretHex: secret) else {
            if state.build.policy.adoptionFailsWithReadReason, case .unknown(let reason) = read {
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
            if current != nil, defaults.reference == reference, !state.build.has(.noAdoptionRollback) {
                updateDefaults { $0.reference = previous }
            }
            throw error
        }
        identityEvent(.adopted, account: reference.identity.record)
        // 7. Completion.
        memory.publicKey = "pubky" + pair.pubky
        memory.authState = .authenticated
        memory.profile = nil
        updateDefaults { $0.set(BitkitDefaults.Key.backupChanged, true) }
        try suspend(.pickBeforeProfileFetch)
        try checkGeneration(generation)
        // Offline, the row's profile found on Pubky Choice stands in for the fetch (§12 step 7).
        let fetched = try attempt { try $0.profile(of: pair.pubky) }
        let profile =
            state.build.has(.offlinePickIgnoresRowProfile)
            ? fetched ?? nil : fetched ?? current?.rowProfiles?.found[listed]
        let follows = profile == nil ? false : (try attempt { try $0.hasFollows(pair.pubky) } ?? false)
        try checkGeneration(generation)
        memory.adoption = nil
        memory.profile = profile
        memory.isProfileSetupPending = profile == nil
        memory.cachedName = profile?.name
        updateDefaults {
            $0.profileSetupPending = profile == nil
            $0.cachedName = profile?.name
        }
        // 8. Navigation.
        if profile == nil {
            try push(.createProfile)
        } else {
            setPath([follows ? .contactImportOverview : .payContacts])
        }
    }

    fileprivate mutating func hasFollows(_ pubky: String) throws -> Bool {
        guard case .flag(let follows) = try call(.followsRead, .hasFollows(pubky: pubky)) else {
            throw Self.unexpected(nil, for: "hasFollows")
        }
        return follows
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
        guard check == .notFound || state.build.has(.signupOnAnySignInFailure) else {
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

    private func checkGeneration(_ generation: Int) throws {
        guard let current = state.memory else { throw AppTerminated() }
        guard current.sessionGeneration == generation else { throw DiscardedResult() }
    }

    private mutating func failAdoption(_ description: String) {
        toast(Toast(.error, BitkitTexts.adoptErrorTitle, description))
    }
}

/// A late result of an adoption overtaken by a sign-out, reset or source loss: dropped silently.
struct DiscardedResult: Error {}
