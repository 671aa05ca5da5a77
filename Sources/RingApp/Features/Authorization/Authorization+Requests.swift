import AppRuntime
import Backend
import Foundation
import PubkyCrypto
import PubkyProtocol

/// Signup links, session requests and invites (spec/03 §11, §13).
extension FeatureContext where F == Authorization {
    /// Signup and direct-signup links (spec/03 §13); the network was checked when the link arrived.
    mutating func signupLink(
        _ request: RingAuthRequest, homeserver: String, token: String?, authorize: Bool, ref: String?
    ) throws {
        if let token, !token.isEmpty, let existing = store.entries.first(where: { $0.signupToken == token }) {
            if !existing.signedUp { try signUp(existing.pubky, homeserver: homeserver, token: token) }
            if authorize, store.entry(existing.pubky)?.canAuthorize == true {
                sheet = .confirmAuth(request, pubky: existing.pubky)
            }
            return
        }
        let created = try createPubky(name: nil) { entry in
            entry.backupPreference = .unknown
            entry.isBackedUp = false
            entry.signupToken = token ?? ""
        }
        guard let pubky = created else { return }
        if top == .onboarding { navigate([.home]) }
        if try signUp(pubky, homeserver: homeserver, token: token) {
            raise(RingTexts.signupSuccessful)
            if authorize { sheet = .confirmAuth(request, pubky: pubky) }
        } else {
            // The sign-up's own toast is replaced by the flow's outcome.
            retractLast(RingTexts.error(RingTexts.signUpFailed))
            if authorize, store.entries.contains(where: \.signedUp) {
                try chooseSigner(request, ref: ref)
            } else {
                sheet = .configurationFailed(message: RingTexts.signUpFailed)
                if let error = request.errorURL {
                    openURL(
                        Authorization.callback(
                            error, [("errorCode", "SIGNUP_FAILED"), ("errorMessage", RingTexts.signUpFailed)]))
                }
            }
        }
    }

    /// `pubkyring://session?x-success=…` (spec/03 §11): the user picks a pubky among those that can
    /// authorize (`--pubky` is the selected one; several → `Select Pubky`; none →
    /// `No Pubky Selected`), then Ring signs it in and hands the session to the requesting app.
    mutating func sessionRequest(_ request: RingSessionRequest, ref: String?) throws {
        let candidates = store.entries.filter(\.canAuthorize)
        if let ref {
            let pubky = try resolve(ref)
            guard candidates.contains(where: { $0.pubky == pubky }) else { throw RingAppError.notAuthorizable(ref) }
            try returnSession(request, pubky: pubky)
            return
        }
        switch candidates.count {
        case 0: raise(RingTexts.noPubkySelected)
        case 1: try returnSession(request, pubky: candidates[0].pubky)
        default: sheet = .selectSessionPubky(request)
        }
    }

    /// Checks the x-success, signs `pubky` in at its homeserver (the session is kept, as every Ring
    /// sign-in is) and opens x-success with `pubky`, `session_secret` and `capabilities` appended.
    /// This is how older Bitkit builds imported a Ring session (the legacy `externalSession` backup).
    mutating func returnSession(_ request: RingSessionRequest, pubky: String) throws {
        sheet = nil
        guard request.hasValidCallback else {
            raise(RingTexts.invalidCallbackToast)
            if let error = request.errorURL {
                // Assumed: the request itself is at fault, an error rather than a failed sign-in.
                openURL(
                    Authorization.callback(
                        error, [("errorCode", "SESSION_ERROR"), ("errorMessage", RingTexts.invalidCallback)]))
            }
            return
        }
        switch try signInForSession(pubky) {
        case .success(let session):
            openURL(
                Authorization.callback(
                    request.successURL,
                    [("pubky", pubky), ("session_secret", session.secret), ("capabilities", session.capabilities)]))
            raise(RingTexts.sessionReturned)
        case .failure(let failure):
            raise(RingTexts.sessionSignInFailed(failure.message))
            if let error = request.errorURL {
                openURL(
                    Authorization.callback(error, [("errorCode", "SESSION_FAILED"), ("errorMessage", failure.message)]))
            }
        }
    }

    /// Why a session sign-in failed, in the words the toast and the x-error carry.
    struct SessionFailure: Error {
        var message: String
    }

    /// Signs `pubky` in with its key read now (an adopted pubky's from Bitkit's record) and keeps the
    /// session like any Ring sign-in. The `sign-in` SDK fault fails it with HTTP 500.
    private mutating func signInForSession(_ pubky: String) throws -> Result<HomeserverSession, SessionFailure> {
        guard let entry = store.entry(pubky), let pair = try signingKey(entry) else {
            return .failure(SessionFailure(message: RingTexts.secretUnreadable))
        }
        do {
            if try faultArmed(.signIn) {
                throw BackendError.http(service: .homeserver, host: "", status: 500, reason: "Internal Server Error")
            }
            let session = try self.session(.signIn(pair))
            if let index = store.index(of: pubky) { try storeSession(session, at: index) }
            return .success(session)
        } catch let error as BackendError {
            return .failure(SessionFailure(message: error.reason))
        }
    }

    /// An invite code, in any of its forms (spec/03 §11): a new pubky (fresh mnemonic) signed up on
    /// the default homeserver with the code as its signup token — no authorization step. Success →
    /// the new pubky's review screen (its detail screen, assumed) and x-success; failure → the
    /// `Configuration Failed` screen and x-error with `INVITE_FAILED`. The unsigned key stays, as after
    /// a failed signup link.
    mutating func redeemInvite(_ code: String, callbacks: XCallbacks) throws {
        guard let pubky = try createPubky(name: nil, configure: { $0.signupToken = code }) else { return }
        if try signUp(pubky, homeserver: RingHomeservers.defaultHomeserver, token: code) {
            openDetail(pubky)
            if let success = callbacks.success { openURL(success) }
            return
        }
        // The flow's outcome replaces the sign-up's own toast.
        retractLast(RingTexts.error(RingTexts.signUpFailed))
        if top == .onboarding { navigate([.home]) }
        sheet = .configurationFailed(message: RingTexts.signUpFailed)
        if let error = callbacks.error {
            openURL(
                Authorization.callback(
                    error, [("errorCode", "INVITE_FAILED"), ("errorMessage", RingTexts.signUpFailed)]))
        }
    }
}
