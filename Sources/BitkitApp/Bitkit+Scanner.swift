import AppRuntime
import AppSupport
import Foundation
import PubkyCrypto
import PubkyProtocol

extension Context where App == Bitkit {
    /// The scanner's generic error for a code it does not understand (its text is outside spec/02).
    private mutating func scannerError() {
        toast(Toast(.error, BitkitTexts.scannerErrorTitle, BitkitTexts.scannerErrorDescription))
    }

    /// A pasted or scanned code (spec/02 §14.1). Only `pubkyauth://` / `pubkyring://` links are
    /// Bitkit's business here; the scanner closes before any toast.
    mutating func scan(_ text: String) throws {
        memory.sheet = nil
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let scheme = trimmed.lowercased()
        guard defaults.paykitUIEnabled, scheme.hasPrefix("pubkyauth:") || scheme.hasPrefix("pubkyring:") else {
            scannerError()
            return
        }
        guard let link = try? AuthLink(parsing: trimmed) else {
            toast(Toast(.error, BitkitTexts.invalidRequest, name: BitkitElements.invalidRequestToast))
            return
        }
        switch link.request {
        case .signup(_, _, _, let homeserver, _), .directSignup(let homeserver, _):
            do {
                if try hasSignupBlockingIdentity() {
                    toast(Toast(.info, BitkitTexts.alreadySignedIn))
                    return
                }
            } catch let error as PrivateStoreError {
                toast(Toast(.error, BitkitTexts.approvalFailed, error.description))
                return
            }
            memory.sheet = .authSignup(link: trimmed, homeserver: homeserver.z32, phase: .initial)
        case .signin:
            guard let session = try loadPrivateQuietly(Key.session), !session.isEmpty else {
                toast(Toast(.warning, BitkitTexts.noIdentityTitle, BitkitTexts.noIdentityDescription))
                return
            }
            // Android keeps an unrestored session: `awaitIdentityReady()` is Unavailable (spec/07 §7).
            if state.build.policy.keepsSessionOnFailedRestore, memory.publicKey == nil {
                toast(Toast(.warning, BitkitTexts.identityUnavailableTitle))
                return
            }
            guard try activeSecretKeyHex() != nil else {
                toast(Toast(.warning, BitkitTexts.useRingTitle, BitkitTexts.useRingDescription))
                return
            }
            memory.sheet = .authApproval(link: trimmed, capabilities: link.capabilitiesText ?? "", phase: .initial)
        case .secretExport:
            toast(Toast(.error, BitkitTexts.invalidRequest, name: BitkitElements.invalidRequestToast))
        }
    }

    /// `Authorize` on the shown sheet, or the confirm button of a dialog.
    mutating func approve() throws {
        switch memory.sheet {
        case .authApproval(let link, let capabilities, .initial):
            try approveSignIn(link: link, capabilities: capabilities)
        case .authSignup(let link, let homeserver, .initial):
            try approveSignup(link: link, homeserver: homeserver)
        case .authApproval(_, _, .authorizing), .authSignup(_, _, .authorizing):
            toast(Toast(.info, BitkitTexts.authorizing))
        case .authApproval(_, _, .success), .authSignup(_, _, .success):
            memory.sheet = nil
        case .confirmDelete:
            try deleteProfile(confirm: true)
        case .confirmDisconnect:
            try disconnect(confirm: true)
        case .confirmReset:
            try reset(confirm: true)
        case .paymentRequests:
            notice(
                "The payment requests sheet has no Authorize: tap Pay or Reject (`bitkit-sim requests pay|reject ID`).")
        case .drawer:
            notice("The drawer has no Authorize: tap one of its rows.")
        case nil:
            notice("No sheet is shown: there is nothing to authorize (scan a pubkyauth:// link first).")
        }
    }

    /// Closes the sheet or dialog.
    mutating func deny() {
        guard memory.sheet != nil else {
            notice("No sheet is shown.")
            return
        }
        memory.sheet = nil
    }

    /// spec/02 §14.2: read the signing key just in time, re-publish its record (≤ 5 s, failures
    /// ignored), then sign and deliver the AuthToken.
    private mutating func approveSignIn(link: String, capabilities: String) throws {
        memory.sheet = .authApproval(link: link, capabilities: capabilities, phase: .authorizing)
        try suspend(.authBeforeRead)
        guard let secret = try activeSecretKeyHex(), let pair = Ed25519KeyPair(secretHex: secret) else {
            toast(
                state.build.policy.approvalWithoutSecretNamesRing
                    ? Toast(.error, BitkitTexts.approvalFailed, BitkitTexts.noSecretUseRing)
                    : Toast(.error, BitkitTexts.noIdentityTitle))
            memory.sheet = .authApproval(link: link, capabilities: capabilities, phase: .initial)
            return
        }
        try suspend(.authBeforeRepublish)
        _ = try attempt { try $0.recordCheck(pair.pubky) }
        try suspend(.authBeforeRelay)
        do {
            _ = try call(.approve, .approve(link: link, pair))
        } catch let failure as ServiceFailure {
            toast(Toast(.error, BitkitTexts.approvalFailed, failure.reason))
            memory.sheet = .authApproval(link: link, capabilities: capabilities, phase: .initial)
            return
        }
        memory.sheet = .authApproval(link: link, capabilities: capabilities, phase: .success)
    }

    /// spec/02 §14.3 approveSignupAuth: only without any identity; registers W on the link's
    /// homeserver, delivers the token for `signup` links, activates, publishes the own record at once.
    private mutating func approveSignup(link: String, homeserver: String) throws {
        guard let parsed = try? AuthLink(parsing: link), parsed.request.isSignup else {
            signupFailed(link, homeserver, BitkitTexts.failedToGenerateAuthURL)
            return
        }
        guard try signupAllowed(link, homeserver) else { return }
        if let running = memory.signup, try isAlive(running.process) {
            toast(Toast(.info, BitkitTexts.authorizing))
            return
        }
        memory.signup = InFlightMarker(process: try holdProcess(), subject: homeserver)
        // Android's approveSignupAuth drops a reference left without a session (spec/07 §6.6).
        if !state.build.policy.referenceBlocksSignup, defaults.reference != nil {
            updateDefaults { $0.reference = nil }
        }
        memory.sheet = .authSignup(link: link, homeserver: homeserver, phase: .authorizing)
        defer { state.memory?.signup = nil }
        try suspend(.signupBeforeRegister)
        let pair: Ed25519KeyPair
        do {
            pair = try ownKeyPair()
        } catch let error as BitkitFailure {
            signupFailed(link, homeserver, error.description)
            return
        }
        guard try signupAllowed(link, homeserver) else { return }
        let token: String?
        switch parsed.request {
        case .signup(_, _, _, _, let st), .directSignup(_, let st): token = st
        default: token = nil
        }
        do {
            let session = try self.session(.signUp, .signUp(pair, homeserver: homeserver, token: token))
            if case .signup = parsed.request {
                try suspend(.signupBeforeRelay)
                _ = try call(.approve, .approve(link: link, pair))
            }
            try activate(session, localSecret: pair.secretHex)
        } catch let failure as ServiceFailure {
            signupFailed(link, homeserver, failure.reason)
            return
        } catch let failure as PrivateStoreError {
            signupFailed(link, homeserver, failure.description)
            return
        }
        updateDefaults {
            $0.set(BitkitDefaults.Key.privateEndpoints, false)
            $0.profileSetupPending = true
        }
        memory.publicKey = "pubky" + pair.pubky
        memory.authState = .authenticated
        memory.isProfileSetupPending = true
        memory.profile = nil
        // Ring can offer W right away, before the profile exists and without a relaunch.
        if !state.build.has(.signupLinkNotShared) { try publishOwnSharedRecord() }
        guard current != nil else { throw AppTerminated() }
        memory.sheet = .authSignup(link: link, homeserver: homeserver, phase: .success)
    }

    /// The signup guard: no `publicKey` and no stored identity (a reference counts).
    private mutating func signupAllowed(_ link: String, _ homeserver: String) throws -> Bool {
        do {
            if memory.publicKey == nil, try !hasSignupBlockingIdentity() { return true }
        } catch let error as PrivateStoreError {
            signupFailed(link, homeserver, error.description)
            return false
        }
        toast(Toast(.info, BitkitTexts.alreadySignedIn))
        memory.sheet = nil
        return false
    }

    private mutating func signupFailed(_ link: String, _ homeserver: String, _ description: String) {
        toast(Toast(.error, BitkitTexts.approvalFailed, description))
        current?.sheet = .authSignup(link: link, homeserver: homeserver, phase: .initial)
    }
}
