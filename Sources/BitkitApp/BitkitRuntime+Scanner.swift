import AppSupport
import Device
import Foundation
import PubkyCrypto
import PubkyProtocol

extension BitkitRuntime {
    /// The scanner's generic error for a code it does not understand (its text is outside spec/02).
    private func scannerError() {
        toast(Toast(.error, BitkitTexts.scannerErrorTitle, BitkitTexts.scannerErrorDescription))
    }

    /// A pasted or scanned code (spec/02 §14.1). Only `pubkyauth://` / `pubkyring://` links are
    /// Bitkit's business here; the scanner closes before any toast.
    func scan(_ text: String) throws {
        memory.sheet = nil
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let scheme = trimmed.lowercased()
        guard defaults.paykitUIEnabled, scheme.hasPrefix("pubkyauth:") || scheme.hasPrefix("pubkyring:") else {
            scannerError()
            return
        }
        guard let link = try? AuthLink(parsing: trimmed) else {
            toast(Toast(.error, BitkitTexts.invalidRequest, id: BitkitTexts.invalidRequestToastID))
            return
        }
        switch link.request {
        case .signup(_, _, _, let homeserver, _), .directSignup(let homeserver, _):
            do {
                if try hasStoredIdentity() {
                    toast(Toast(.info, BitkitTexts.alreadySignedIn))
                    return
                }
            } catch {
                toast(Toast(.error, BitkitTexts.approvalFailed, error.description))
                return
            }
            memory.sheet = .authSignup(link: trimmed, homeserver: homeserver.z32, phase: .initial)
        case .signin:
            guard let session = try? store.load(Key.session), !session.isEmpty else {
                toast(Toast(.warning, BitkitTexts.noIdentityTitle, BitkitTexts.noIdentityDescription))
                return
            }
            guard activeSecretKeyHex() != nil else {
                toast(Toast(.warning, BitkitTexts.useRingTitle, BitkitTexts.useRingDescription))
                return
            }
            memory.sheet = .authApproval(link: trimmed, capabilities: link.capabilitiesText ?? "", phase: .initial)
        case .secretExport:
            toast(Toast(.error, BitkitTexts.invalidRequest, id: BitkitTexts.invalidRequestToastID))
        }
    }

    /// `Authorize` on the shown sheet, or the confirm button of a dialog.
    func approve() throws {
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
        case nil:
            notice("No sheet is shown: there is nothing to authorize (scan a pubkyauth:// link first).")
        }
    }

    /// Closes the sheet or dialog.
    func deny() {
        guard memory.sheet != nil else {
            notice("No sheet is shown.")
            return
        }
        memory.sheet = nil
    }

    /// spec/02 §14.2: read the signing key just in time, re-publish its record (≤ 5 s, failures
    /// ignored), then sign and deliver the AuthToken.
    private func approveSignIn(link: String, capabilities: String) throws {
        memory.sheet = .authApproval(link: link, capabilities: capabilities, phase: .authorizing)
        try suspend(.authBeforeRead)
        guard let secret = activeSecretKeyHex(), let pair = Ed25519KeyPair(secretHex: secret) else {
            toast(Toast(.error, BitkitTexts.noIdentityTitle))
            memory.sheet = .authApproval(link: link, capabilities: capabilities, phase: .initial)
            return
        }
        try suspend(.authBeforeRepublish)
        _ = try? network("record-check") { backend throws(ServiceFailure) in try backend.recordCheck(pubky: pair.pubky)
        }
        try suspend(.authBeforeRelay)
        do {
            try network("approve") { backend throws(ServiceFailure) in
                try backend.approveAuthRequest(link: link, keyPair: pair)
            }
        } catch {
            toast(Toast(.error, BitkitTexts.approvalFailed, error.reason))
            memory.sheet = .authApproval(link: link, capabilities: capabilities, phase: .initial)
            return
        }
        memory.sheet = .authApproval(link: link, capabilities: capabilities, phase: .success)
    }

    /// spec/02 §14.3 approveSignupAuth: only without any identity; registers W on the link's
    /// homeserver, delivers the token for `signup` links, activates, publishes the own record at once.
    private func approveSignup(link: String, homeserver: String) throws {
        guard let parsed = try? AuthLink(parsing: link), parsed.request.isSignup else {
            signupFailed(link, homeserver, BitkitTexts.failedToGenerateAuthURL)
            return
        }
        guard try signupAllowed(link, homeserver) else { return }
        if let running = memory.signup, running.isAlive(seenFrom: environment.run) {
            toast(Toast(.info, BitkitTexts.authorizing))
            return
        }
        memory.signup = InFlightMarker(subject: homeserver, run: environment.run)
        memory.sheet = .authSignup(link: link, homeserver: homeserver, phase: .authorizing)
        defer { current?.signup = nil }
        try suspend(.signupBeforeRegister)
        let pair: Ed25519KeyPair
        do {
            pair = try ownKeyPair()
        } catch {
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
            let session = try network("sign-up") { backend throws(ServiceFailure) in
                try backend.signUp(keyPair: pair, homeserver: homeserver, token: token)
            }
            if case .signup = parsed.request {
                try suspend(.signupBeforeRelay)
                try network("approve") { backend throws(ServiceFailure) in
                    try backend.approveAuthRequest(link: link, keyPair: pair)
                }
            }
            try activate(session, localSecret: pair.secretHex)
        } catch let failure as ServiceFailure {
            signupFailed(link, homeserver, failure.reason)
            return
        } catch let failure as PrivateKeychainError {
            signupFailed(link, homeserver, failure.description)
            return
        }
        try updateDefaults {
            $0.set(BitkitDefaults.Key.privateEndpoints, false)
            $0.profileSetupPending = true
        }
        memory.publicKey = "pubky" + pair.pubky
        memory.authState = .authenticated
        memory.isProfileSetupPending = true
        memory.profile = nil
        // Ring can offer W right away, before the profile exists and without a relaunch.
        publishOwnSharedRecord()
        guard current != nil else { throw Terminated() }
        memory.sheet = .authSignup(link: link, homeserver: homeserver, phase: .success)
    }

    /// The signup guard: no `publicKey` and no stored identity (a reference counts).
    private func signupAllowed(_ link: String, _ homeserver: String) throws -> Bool {
        do {
            if memory.publicKey == nil, try !hasStoredIdentity() { return true }
        } catch {
            signupFailed(link, homeserver, error.description)
            return false
        }
        toast(Toast(.info, BitkitTexts.alreadySignedIn))
        memory.sheet = nil
        return false
    }

    private func signupFailed(_ link: String, _ homeserver: String, _ description: String) {
        toast(Toast(.error, BitkitTexts.approvalFailed, description))
        current?.sheet = .authSignup(link: link, homeserver: homeserver, phase: .initial)
    }
}
