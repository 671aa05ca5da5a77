import AppRuntime
import AppSupport
import Foundation
import PubkyCrypto
import PubkyProtocol

/// The scanner and `pubkyauth://` links (spec/02 §14): a pasted or scanned code opens the approval
/// or signup sheet, and `Authorize` on it signs in a third party or signs Bitkit's own key up.
public enum AuthLinks: Feature {
    public typealias App = Bitkit

    public struct State: Sendable, Equatable {
        /// A running signup approval.
        public var signup: InFlightMarker?

        public init(signup: InFlightMarker? = nil) { self.signup = signup }
    }

    public enum Action: Sendable, Equatable {
        /// A pasted or scanned code.
        case scan(String)
        /// `Authorize` on the approval or signup sheet shown.
        case approve
    }

    public static func reduce(_ action: Action, _ context: inout FeatureContext<AuthLinks>) throws {
        switch action {
        case .scan(let text): try context.scan(text)
        case .approve:
            switch context.sheet {
            case .authApproval(let link, let capabilities, .initial):
                try context.approveSignIn(link: link, capabilities: capabilities)
            case .authSignup(let link, let homeserver, .initial):
                try context.approveSignup(link: link, homeserver: homeserver)
            case .authApproval(_, _, .authorizing), .authSignup(_, _, .authorizing):
                context.toast(Toast(.info, BitkitTexts.authorizing))
            case .authApproval(_, _, .success), .authSignup(_, _, .success):
                context.sheet = nil
            default:
                break
            }
        }
    }
}

extension FeatureContext where F == AuthLinks {
    /// The scanner's generic error for a code it does not understand (its text is outside spec/02).
    private mutating func scannerError() {
        toast(Toast(.error, BitkitTexts.scannerErrorTitle, BitkitTexts.scannerErrorDescription))
    }

    /// A pasted or scanned code (spec/02 §14.1). Only `pubkyauth://` / `pubkyring://` links are
    /// Bitkit's business here; the scanner closes before any toast.
    mutating func scan(_ text: String) throws {
        sheet = nil
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
            sheet = .authSignup(link: trimmed, homeserver: homeserver.z32, phase: .initial)
        case .signin:
            guard let session = try loadPrivateQuietly(Key.session), !session.isEmpty else {
                toast(Toast(.warning, BitkitTexts.noIdentityTitle, BitkitTexts.noIdentityDescription))
                return
            }
            // Android keeps an unrestored session: `awaitIdentityReady()` is Unavailable (spec/07 §7).
            if build.policy.keepsSessionOnFailedRestore, identity.publicKey == nil {
                toast(Toast(.warning, BitkitTexts.identityUnavailableTitle))
                return
            }
            guard try activeSecretKeyHex() != nil else {
                toast(Toast(.warning, BitkitTexts.useRingTitle, BitkitTexts.useRingDescription))
                return
            }
            sheet = .authApproval(link: trimmed, capabilities: link.capabilitiesText ?? "", phase: .initial)
        case .secretExport:
            toast(Toast(.error, BitkitTexts.invalidRequest, name: BitkitElements.invalidRequestToast))
        }
    }

    /// spec/02 §14.2: read the signing key just in time, re-publish its record (≤ 5 s, failures
    /// ignored), then sign and deliver the AuthToken.
    mutating func approveSignIn(link: String, capabilities: String) throws {
        sheet = .authApproval(link: link, capabilities: capabilities, phase: .authorizing)
        try suspend(.authBeforeRead)
        guard let secret = try activeSecretKeyHex(), let pair = Ed25519KeyPair(secretHex: secret) else {
            toast(
                build.policy.approvalWithoutSecretNamesRing
                    ? Toast(.error, BitkitTexts.approvalFailed, BitkitTexts.noSecretUseRing)
                    : Toast(.error, BitkitTexts.noIdentityTitle))
            sheet = .authApproval(link: link, capabilities: capabilities, phase: .initial)
            return
        }
        try suspend(.authBeforeRepublish)
        _ = try attempt { try $0.recordCheck(pair.pubky) }
        try suspend(.authBeforeRelay)
        do {
            _ = try call(.approve, .approve(link: link, pair))
        } catch let failure as ServiceFailure {
            toast(Toast(.error, BitkitTexts.approvalFailed, failure.reason))
            sheet = .authApproval(link: link, capabilities: capabilities, phase: .initial)
            return
        }
        sheet = .authApproval(link: link, capabilities: capabilities, phase: .success)
    }

    /// spec/02 §14.3 approveSignupAuth: only without any identity; registers W on the link's
    /// homeserver, delivers the token for `signup` links, activates, publishes the own record at once.
    mutating func approveSignup(link: String, homeserver: String) throws {
        guard let parsed = try? AuthLink(parsing: link), parsed.request.isSignup else {
            signupFailed(link, homeserver, BitkitTexts.failedToGenerateAuthURL)
            return
        }
        guard try signupAllowed(link, homeserver) else { return }
        if let running = state.signup, try isAlive(running.process) {
            toast(Toast(.info, BitkitTexts.authorizing))
            return
        }
        state.signup = InFlightMarker(process: try holdProcess(), subject: homeserver)
        // Android's approveSignupAuth drops a reference left without a session (spec/07 §6.6).
        if !build.policy.referenceBlocksSignup, defaults.reference != nil {
            updateDefaults { $0.reference = nil }
        }
        sheet = .authSignup(link: link, homeserver: homeserver, phase: .authorizing)
        defer { state.signup = nil }
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
        updateDefaults { $0.set(BitkitDefaults.Key.privateEndpoints, false) }
        setProfileSetupPending(true)
        authenticate(as: pair.pubky)
        clearProfile()
        // Ring can offer W right away, before the profile exists and without a relaunch.
        if !build.has(.signupLinkNotShared) { try publishOwnSharedRecord() }
        guard isRunning else { throw AppTerminated() }
        sheet = .authSignup(link: link, homeserver: homeserver, phase: .success)
    }

    /// The signup guard: no `publicKey` and no stored identity (a reference counts).
    private mutating func signupAllowed(_ link: String, _ homeserver: String) throws -> Bool {
        do {
            if identity.publicKey == nil, try !hasSignupBlockingIdentity() { return true }
        } catch let error as PrivateStoreError {
            signupFailed(link, homeserver, error.description)
            return false
        }
        toast(Toast(.info, BitkitTexts.alreadySignedIn))
        sheet = nil
        return false
    }

    private mutating func signupFailed(_ link: String, _ homeserver: String, _ description: String) {
        toast(Toast(.error, BitkitTexts.approvalFailed, description))
        sheet = .authSignup(link: link, homeserver: homeserver, phase: .initial)
    }
}
