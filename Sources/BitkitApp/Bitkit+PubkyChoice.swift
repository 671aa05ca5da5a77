import AppRuntime
import AppSupport
import ContractNames
import IdentitySharing
import PubkyCrypto
import PubkyProtocol

extension Context where App == Bitkit {
    /// spec/02 §11 on appear: list Ring's pubkys (an unknown listing shows as empty), then fetch
    /// each row's profile in the background (any error → no profile; profiles of pubkys no longer
    /// listed are dropped).
    mutating func appearPubkyChoice() throws {
        let pubkys = try listPeers().identities.map(\.pubky)
        memory.choice = PubkyChoiceList(pubkys: pubkys)
        guard !pubkys.isEmpty else { return }
        try suspend(.choiceBeforeProfileFetch)
        var names: [String: String] = [:]
        var fetched = Set<String>()
        // In list order, once each: the fetches reach the journal and use up counted faults, and a
        // Set's order changes from one process to the next.
        for pubky in pubkys where fetched.insert(pubky).inserted {
            guard PublicKey(z32: pubky) != nil else { continue }
            if let found = try attempt({ try $0.profile(of: pubky) }) ?? nil, case let name = found.name, !name.isEmpty
            {
                names[pubky] = name
            }
        }
        guard var choice = memory.choice else { return }
        choice.names = names.filter { choice.pubkys.contains($0.key) }
        memory.choice = choice
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
        let generation = memory.sessionGeneration
        do {
            try runAdoption(listed, generation: generation)
        } catch let failure as BitkitFailure {
            current?.adoption = nil
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
        guard let secret = try readSecret(ring).secret, let pair = Ed25519KeyPair(secretHex: secret) else {
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
        let profile = try attempt { try $0.profile(of: pair.pubky) } ?? nil
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
