import AppRuntime
import Backend
import Foundation
import PubkyCrypto

extension Context where App == Ring {
    /// `pubkyring://session?x-success=…` (spec/03 §11): the user picks a pubky among those that can
    /// authorize (`--pubky` is the selected one; several → `Select Pubky`; none →
    /// `No Pubky Selected`), then Ring signs it in and hands the session to the requesting app.
    mutating func sessionRequest(_ request: RingSessionRequest, ref: String?) throws {
        let candidates = state.store.entries.filter(\.canAuthorize)
        if let ref {
            let pubky = try resolve(ref)
            guard candidates.contains(where: { $0.pubky == pubky }) else { throw RingAppError.notAuthorizable(ref) }
            try returnSession(request, pubky: pubky)
            return
        }
        switch candidates.count {
        case 0: raise(RingTexts.noPubkySelected)
        case 1: try returnSession(request, pubky: candidates[0].pubky)
        default: memory.sheet = .selectSessionPubky(request)
        }
    }

    /// Checks the x-success, signs `pubky` in at its homeserver (the session is kept, as every Ring
    /// sign-in is) and opens x-success with `pubky`, `session_secret` and `capabilities` appended.
    /// This is how older Bitkit builds imported a Ring session (the legacy `externalSession` backup).
    mutating func returnSession(_ request: RingSessionRequest, pubky: String) throws {
        memory.sheet = nil
        guard request.hasValidCallback else {
            raise(RingTexts.invalidCallbackToast)
            if let error = request.errorURL {
                // Assumed: the request itself is at fault, an error rather than a failed sign-in.
                openURL(
                    Ring.callback(error, [("errorCode", "SESSION_ERROR"), ("errorMessage", RingTexts.invalidCallback)]))
            }
            return
        }
        switch try signInForSession(pubky) {
        case .success(let session):
            openURL(
                Ring.callback(
                    request.successURL,
                    [("pubky", pubky), ("session_secret", session.secret), ("capabilities", session.capabilities)]))
            raise(RingTexts.sessionReturned)
        case .failure(let failure):
            raise(RingTexts.sessionSignInFailed(failure.message))
            if let error = request.errorURL {
                openURL(Ring.callback(error, [("errorCode", "SESSION_FAILED"), ("errorMessage", failure.message)]))
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
        guard let entry = state.store.entry(pubky), let pair = try signingKey(entry) else {
            return .failure(SessionFailure(message: RingTexts.secretUnreadable))
        }
        do {
            if try faultArmed(.signIn) {
                throw BackendError.http(service: .homeserver, host: "", status: 500, reason: "Internal Server Error")
            }
            let session = try self.session(.signIn(pair))
            if let index = state.store.index(of: pubky) { try storeSession(session, at: index) }
            return .success(session)
        } catch let error as BackendError {
            return .failure(SessionFailure(message: error.reason))
        }
    }
}
