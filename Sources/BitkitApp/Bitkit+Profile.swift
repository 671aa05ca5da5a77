import AppRuntime
import AppSupport

extension Context where App == Bitkit {
    /// Edit → Delete Profile (spec/02 §17): the `Delete Profile?` dialog, or with `confirm` the
    /// deletion: private endpoints (best effort), the profile document (not-found counts as done),
    /// the sharing flags, then Disconnect.
    mutating func deleteProfile(confirm: Bool) throws {
        if !confirm || memory.sheet != .confirmDelete {
            if memory.top != .editProfile { try openEditProfile() }
            guard current != nil, memory.top == .editProfile else { return }
        }
        guard confirm else {
            memory.sheet = .confirmDelete
            return
        }
        memory.sheet = nil
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
        if !confirm || memory.sheet != .confirmDisconnect {
            if memory.top != .profile {
                memory.sheet = nil
                try openProfile()
            }
            guard current != nil, memory.top == .profile else {
                if notices.isEmpty { notice("Disconnect is on Profile, which needs an identity.") }
                return
            }
        }
        guard confirm else {
            memory.sheet = .confirmDisconnect
            return
        }
        memory.sheet = nil
        try performDisconnect()
    }

    /// Public endpoints removed (best effort), the session signed out at the homeserver, then the
    /// local state cleared. A failed sign-out changes nothing locally and is shown.
    mutating func performDisconnect() throws {
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
        guard current != nil else { throw AppTerminated() }
        clearAuthenticatedState()
        identityEvent(.disconnected)
        try clearLocalState(checkpoint: .disconnectBeforeRemoveOwn)
        memory.createProfile = nil
        memory.sheet = nil
        setPath([])
    }
}
