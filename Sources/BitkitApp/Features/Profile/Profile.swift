import AppRuntime
import AppSupport

/// The Pubky profile's screens (spec/02 §13, §17): Create Profile — its lookup, the form and Save,
/// which creates the identity — and Edit Profile's Delete, and Profile's Disconnect.
public enum Profile: Feature {
    public typealias App = Bitkit

    public struct State: Sendable, Equatable {
        /// Create Profile's form while it is open.
        public var form: CreateProfileForm?

        public init(form: CreateProfileForm? = nil) { self.form = form }
    }

    public enum Action: Sendable, Equatable {
        /// Create Profile appears: the shown pubky and its profile lookup.
        case appear
        /// Taps the create card or "finish profile" (opening Profile first) and fills the given fields.
        case fill(name: String?, bio: String?)
        /// `CreateProfileSave`.
        case save
        /// Profile → Edit.
        case edit
        /// Edit → Delete Profile: the dialog, or with `confirm` the deletion.
        case delete(confirm: Bool)
        /// Profile → Disconnect: the dialog, or with `confirm` the disconnect.
        case disconnect(confirm: Bool)
    }

    public static func reduce(_ action: Action, _ context: inout FeatureContext<Profile>) throws {
        switch action {
        case .appear: try context.appear()
        case .fill(let name, let bio): try context.fill(name: name, bio: bio)
        case .save: try context.save()
        case .edit: try context.openEditProfile()
        case .delete(let confirm): try context.deleteProfile(confirm: confirm)
        case .disconnect(let confirm): try context.disconnect(confirm: confirm)
        }
    }
}

extension FeatureContext where F == Profile {
    /// Profile → Edit.
    mutating func openEditProfile() throws {
        if top != .profile, top != .editProfile {
            try openProfile()
        }
        switch top {
        case .editProfile: return
        case .profile: try push(.editProfile)
        default: notice("Profile → Edit needs an identity; Profile shows \(top.rawValue) instead.")
        }
    }

    /// Edit → Delete Profile (spec/02 §17): the `Delete Profile?` dialog, or with `confirm` the
    /// deletion: private endpoints (best effort), the profile document (not-found counts as done),
    /// the sharing flags, then Disconnect.
    mutating func deleteProfile(confirm: Bool) throws {
        if !confirm || sheet != .confirmDelete {
            if top != .editProfile { try openEditProfile() }
            guard isRunning, top == .editProfile else { return }
        }
        guard confirm else {
            sheet = .confirmDelete
            return
        }
        sheet = nil
        try suspend(.deleteBeforeDeleteProfile)
        do {
            try withSession { context, session in
                _ = try context.attempt { try $0.call(.removeEndpoints, .removeEndpoints(session, privateOnes: true)) }
                _ = try context.call(.deleteProfile, .deleteProfile(session))
            }
        } catch let error where error is ServiceFailure || error is BitkitFailure || error is PrivateStoreError {
            toast(Toast(.error, BitkitTexts.deleteErrorTitle, BitkitTexts.deleteErrorDescription))
            return
        }
        updateDefaults { $0.clearPaykitSharing() }
        try performDisconnect()
    }

    /// Profile → Disconnect (spec/02 §17): the `Disconnect Profile` dialog, or with `confirm` the
    /// disconnect itself.
    mutating func disconnect(confirm: Bool) throws {
        if !confirm || sheet != .confirmDisconnect {
            if top != .profile {
                sheet = nil
                try openProfile()
            }
            guard isRunning, top == .profile else {
                if notices.isEmpty { notice("Disconnect is on Profile, which needs an identity.") }
                return
            }
        }
        guard confirm else {
            sheet = .confirmDisconnect
            return
        }
        sheet = nil
        try performDisconnect()
    }

    /// Public endpoints removed (best effort), the session signed out at the homeserver, then the
    /// local state cleared. A failed sign-out changes nothing locally and is shown.
    private mutating func performDisconnect() throws {
        try suspend(.disconnectBeforeSignOut)
        let hasSession = try attempt { try $0.hasPrivateValue(Key.session) } ?? false
        if hasSession {
            do {
                let session = try liveSession()
                _ = try attempt { try $0.call(.removeEndpoints, .removeEndpoints(session, privateOnes: false)) }
                _ = try call(.signOut, .signOut(session))
            } catch let failure as ServiceFailure where failure.isNotFound || failure.status == 401 {
                // The session is already gone on the server: nothing left to end there.
            } catch let failure as ServiceFailure {
                toast(Toast(.error, BitkitTexts.disconnectErrorTitle, failure.reason))
                return
            } catch let failure as BitkitFailure {
                toast(Toast(.error, BitkitTexts.disconnectErrorTitle, failure.description))
                return
            }
        }
        guard isRunning else { throw AppTerminated() }
        clearAuthenticatedState()
        identityEvent(.disconnected)
        try clearLocalState(checkpoint: .disconnectBeforeRemoveOwn)
        state.form = nil
        sheet = nil
        setPath([])
    }
}
