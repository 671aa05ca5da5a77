import AppRuntime
import AppSupport
import Backend
import Foundation
import IdentitySharing
import PubkyCrypto
import PubkyProtocol

/// Requests from other apps (spec/03 §11–§13): `pubkyauth://` sign-in and signup links, session
/// requests, invites, and pasted keys — the pubky chosen, the authorization signed and delivered, the
/// x-callbacks opened. It keeps no state of its own: a request rides on the sheet that shows it.
public enum Authorization: Feature {
    public typealias App = Ring

    public struct State: Sendable, Equatable {
        public init() {}
    }

    public enum Action: Sendable, Equatable {
        /// The user pastes or scans a text (`.scanned`) or the OS delivers a link (`.deepLink`);
        /// `pubky` is the selected pubky; `confirm` taps Authorize when the confirm sheet opens.
        case openLink(String, pubky: String?, confirm: Bool, source: RingInputSource)
        /// A pick in `Select Pubky`.
        case select(ref: String)
        /// `Authorize` on the confirm sheet.
        case confirm
        /// Cancel on a sheet (the confirm sheet and a session request's picker open x-cancel).
        case cancel
    }

    /// The whole operation's limit (spec/03 §12).
    static let limit: TimeInterval = 20

    public static func reduce(_ action: Action, _ context: inout FeatureContext<Authorization>) throws {
        switch action {
        case .openLink(let text, let pubky, let confirm, let source):
            try context.openLink(text, pubky: pubky, confirm: confirm, source: source)
        case .select(let ref): try context.select(ref)
        case .confirm: try context.confirmAuthorization()
        case .cancel: context.cancel()
        }
    }
}

extension FeatureContext where F == Authorization {
    /// Text the user pastes or scans, or the OS delivers (spec/03 §11), routed by kind. Inputs that
    /// need the network are refused offline before anything else happens.
    mutating func openLink(_ text: String, pubky ref: String?, confirm: Bool, source: RingInputSource) throws {
        let input = RingInput(text)
        if input.needsNetwork, try !isOnline() {
            raise(RingTexts.offlineToast)
            if source == .deepLink, let error = input.errorURL {
                openURL(
                    Authorization.callback(
                        error, [("errorCode", "OFFLINE"), ("errorMessage", RingTexts.offlineMessage)]))
            }
            return
        }
        switch input {
        case .auth(let link, let cleaned, let callbacks):
            let request = RingAuthRequest(link: cleaned, parsed: link, callbacks: callbacks)
            switch link.request {
            case .signin:
                try chooseSigner(request, ref: ref)
            case .signup(_, _, _, let homeserver, let token):
                try signupLink(request, homeserver: homeserver.z32, token: token, authorize: true, ref: ref)
            case .directSignup(let homeserver, let token):
                try signupLink(request, homeserver: homeserver.z32, token: token, authorize: false, ref: ref)
            case .secretExport:
                raise(RingTexts.error(RingTexts.unrecognized))
            }
        case .session(let request):
            try sessionRequest(request, ref: ref)
        case .invite(let code, let callbacks):
            try redeemInvite(code, callbacks: callbacks)
        case .secret(let hex):
            if try importSecret(hex, name: nil) != nil { try focusHome() }
        case .mnemonic(let phrase):
            if try importMnemonic(phrase, name: nil) != nil { try focusHome() }
        case .unrecognized:
            raise(RingTexts.error(RingTexts.unrecognized))
        }
        if confirm, case .confirmAuth = sheet { try confirmAuthorization() }
    }

    /// Choosing the pubky (spec/03 §12): none → a toast, one → the confirm sheet, several → `Select Pubky`.
    mutating func chooseSigner(_ request: RingAuthRequest, ref: String?) throws {
        let candidates = store.entries.filter(\.canAuthorize)
        if let ref {
            let pubky = try resolve(ref)
            guard candidates.contains(where: { $0.pubky == pubky }) else { throw RingAppError.notAuthorizable(ref) }
            sheet = .confirmAuth(request, pubky: pubky)
            return
        }
        switch candidates.count {
        case 0: raise(store.entries.isEmpty ? RingTexts.noPubkys : RingTexts.noSetupPubkys)
        case 1: sheet = .confirmAuth(request, pubky: candidates[0].pubky)
        default: sheet = .selectPubky(request)
        }
    }

    /// A pick in `Select Pubky`: the confirm sheet of an authorization, or a session request's sign-in.
    mutating func select(_ ref: String) throws {
        let pubky = try resolve(ref)
        switch sheet {
        case .selectPubky(let request):
            guard store.entry(pubky)?.canAuthorize == true else { throw RingAppError.notAuthorizable(ref) }
            sheet = .confirmAuth(request, pubky: pubky)
        case .selectSessionPubky(let request):
            guard store.entry(pubky)?.canAuthorize == true else { throw RingAppError.notAuthorizable(ref) }
            try returnSession(request, pubky: pubky)
        default:
            throw RingAppError.noSheet(expected: "select-pubky", shown: sheet?.id)
        }
    }

    /// `Authorize` on the confirm sheet: success shows `Authorization Successful` (and opens x-success);
    /// failure closes the sheet with a toast (and opens x-error).
    mutating func confirmAuthorization() throws {
        guard case .confirmAuth(let request, let pubky) = sheet else {
            throw RingAppError.noSheet(expected: "confirm-auth", shown: sheet?.id)
        }
        switch try authorize(request, pubky: pubky) {
        case .success(let granted):
            sheet = .authSuccess(request, pubky: pubky, granted: granted)
            if let success = request.successURL {
                // The sheet closes about 400 ms later and x-success opens.
                sheet = nil
                openURL(success)
            }
        case .failure(let failure):
            sheet = nil
            raise(failure.toast)
            if let error = request.errorURL {
                openURL(
                    Authorization.callback(error, [("errorCode", failure.code), ("errorMessage", failure.message)]))
            }
        }
    }

    /// Cancel on the confirm sheet denies the request (x-cancel opens); so does dismissing a session
    /// request's `Select Pubky`, its only step (assumed).
    mutating func cancel() {
        switch sheet {
        case .confirmAuth(let request, _): if let cancel = request.cancelURL { openURL(cancel) }
        case .selectSessionPubky(let request): if let cancel = request.cancelURL { openURL(cancel) }
        default: break
        }
        sheet = nil
    }

    /// Why an authorization failed: the toast, the x-error code and message.
    struct AuthFailure: Error {
        var toast: Toast
        var code: String
        var message: String { toast.description ?? toast.title }
    }

    /// Performs the authorization (spec/03 §12): the secret is read now (an adopted pubky's from the
    /// shared group, checked, held in memory only), the AuthToken signed and posted to the relay; on
    /// failure sign in and retry once; owned records are re-published.
    mutating func authorize(_ request: RingAuthRequest, pubky: String) throws -> Result<String, AuthFailure> {
        let started = networkElapsed
        guard try isOnline() else {
            return .failure(AuthFailure(toast: RingTexts.offlineToast, code: "OFFLINE"))
        }
        guard let entry = store.entry(pubky) else {
            return .failure(AuthFailure(toast: RingTexts.secretUnreadableToast, code: "AUTH_FAILED"))
        }
        guard let pair = try signingKey(entry) else {
            return .failure(AuthFailure(toast: RingTexts.secretUnreadableToast, code: "AUTH_FAILED"))
        }
        try suspend(.authorizeBeforeApprove)
        let granted: String
        do {
            granted = try approve(request, pair)
        } catch is BackendError {
            do {
                if try faultArmed(.signIn) {
                    throw BackendError.http(
                        service: .homeserver, host: "", status: 500, reason: "Internal Server Error")
                }
                let session = try self.session(.signIn(pair))
                if let index = store.index(of: pubky) { try storeSession(session, at: index) }
            } catch is BackendError {
                return .failure(AuthFailure(toast: RingTexts.error(RingTexts.signInFailed), code: "AUTH_FAILED"))
            }
            do {
                granted = try approve(request, pair)
            } catch is BackendError {
                return .failure(AuthFailure(toast: RingTexts.error(RingTexts.processAuthFailed), code: "AUTH_ERROR"))
            }
        }
        if entry.sourceApp == nil, let current = store.entry(pubky), !current.homeserver.isEmpty {
            _ = try attempt { try $0.call(.publishHomeserver(pair, homeserver: current.homeserver)) }
        }
        if networkElapsed - started > Authorization.limit {
            return .failure(AuthFailure(toast: RingTexts.error(RingTexts.timeoutMessage), code: "AUTH_ERROR"))
        }
        return .success(granted)
    }

    /// The key to sign with, read now: an owned pubky's from the private store, an adopted one's with
    /// `getExternalSecretKey(pubky, stored sourceApp)` (checked against the pubky, held in memory for
    /// this call only). Nil when unreadable.
    mutating func signingKey(_ entry: PubkyEntry) throws -> Ed25519KeyPair? {
        if let source = entry.sourceApp {
            try suspend(.authorizeBeforeRead)
            guard let secret = try readSecret(SharedIdentity(pubky: entry.pubky, sourceApp: source)).secret else {
                return nil
            }
            return Ed25519KeyPair(secretHex: secret)
        }
        let stored = try loadSecretQuietly(entry.pubky)
        return try? stored?.keyPair(for: entry.pubky)
    }

    private mutating func approve(_ request: RingAuthRequest, _ pair: Ed25519KeyPair) throws -> String {
        if try faultArmed(.deliverAuthToken) {
            throw BackendError.unreachable(service: .httpRelay, host: AuthLink.defaultRelay)
        }
        guard case .granted(let capabilities) = try call(.approve(link: request.link, pair)) else {
            throw Self.unexpected(nil, for: "approve")
        }
        return capabilities
    }
}

extension Authorization {
    /// `url` with `parameters` appended in the given order, each value percent-encoded where a query
    /// value needs it; `&` joins them to a query the URL already has.
    static func callback(_ url: String, _ parameters: [(String, String)]) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        let query = parameters.map { key, value in
            "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
        }.joined(separator: "&")
        return url + (url.contains("?") ? "&" : "?") + query
    }
}
