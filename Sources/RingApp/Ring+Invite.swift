import AppRuntime
import Foundation
import PubkyProtocol

extension Context where App == Ring {
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
        if memory.top == .onboarding { navigate([.home]) }
        memory.sheet = .configurationFailed(message: RingTexts.signUpFailed)
        if let error = callbacks.error {
            openURL(Ring.callback(error, [("errorCode", "INVITE_FAILED"), ("errorMessage", RingTexts.signUpFailed)]))
        }
    }
}
