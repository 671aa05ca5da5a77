/// Each feature's state as Bitkit composes it. The running app's memory keeps the sandbox
/// document's flat layout (spec/02 §4's names, one `memory` file); a feature sees only its own part,
/// through these projections. While Bitkit is not running a feature reads its initial state and
/// changes nothing.
extension BitkitState {
    public var identity: Identity.State {
        get { memory?.identity ?? Identity.State() }
        set { memory?.identity = newValue }
    }

    public var pubkyChoice: PubkyChoice.State {
        get { memory?.pubkyChoice ?? PubkyChoice.State() }
        set { memory?.pubkyChoice = newValue }
    }

    public var authLinks: AuthLinks.State {
        get { AuthLinks.State(signup: memory?.signup) }
        set { memory?.signup = newValue.signup }
    }

    public var profileForm: Profile.State {
        get { Profile.State(form: memory?.createProfile) }
        set { memory?.createProfile = newValue.form }
    }

    public var paymentRequests: PaymentRequests.State {
        get { PaymentRequests.State(detail: memory?.paykit?.detail, confirmation: memory?.paykit?.confirmation) }
        set {
            guard memory != nil else { return }
            var paykit = memory?.paykit ?? PaykitMemory()
            paykit.detail = newValue.detail
            paykit.confirmation = newValue.confirmation
            memory?.paykit = paykit
        }
    }

    public var contacts: Contacts.State {
        get { Contacts.State(savedContact: memory?.paykit?.savedContact) }
        set {
            guard memory != nil else { return }
            var paykit = memory?.paykit ?? PaykitMemory()
            paykit.savedContact = newValue.savedContact
            memory?.paykit = paykit
        }
    }

    public var contactImport: ContactImport.State {
        get { memory?.contactImportState ?? ContactImport.State() }
        set { memory?.contactImportState = newValue }
    }

    /// The wallet keeps nothing in memory.
    public var wallet: Wallet.State {
        get { Wallet.State() }
        set {}
    }

    /// A backup restore keeps nothing in memory.
    public var backup: Backup.State {
        get { Backup.State() }
        set {}
    }
}

extension BitkitMemory {
    var identity: Identity.State {
        get {
            var identity = Identity.State()
            identity.authState = authState
            identity.publicKey = publicKey
            identity.profile = profile
            identity.isLoadingProfile = isLoadingProfile
            identity.isInitialized = isInitialized
            identity.initializationErrorMessage = initializationErrorMessage
            identity.sessionRestorationFailed = sessionRestorationFailed
            identity.adoptedSourceLost = adoptedSourceLost
            identity.cachedName = cachedName
            identity.cachedImageUri = cachedImageUri
            identity.isProfileSetupPending = isProfileSetupPending
            identity.sessionGeneration = sessionGeneration
            identity.sessionHomeserver = sessionHomeserver
            return identity
        }
        set {
            authState = newValue.authState
            publicKey = newValue.publicKey
            profile = newValue.profile
            isLoadingProfile = newValue.isLoadingProfile
            isInitialized = newValue.isInitialized
            initializationErrorMessage = newValue.initializationErrorMessage
            sessionRestorationFailed = newValue.sessionRestorationFailed
            adoptedSourceLost = newValue.adoptedSourceLost
            cachedName = newValue.cachedName
            cachedImageUri = newValue.cachedImageUri
            isProfileSetupPending = newValue.isProfileSetupPending
            sessionGeneration = newValue.sessionGeneration
            sessionHomeserver = newValue.sessionHomeserver
        }
    }

    var pubkyChoice: PubkyChoice.State {
        get { PubkyChoice.State(choice: choice, rowProfiles: rowProfiles, adoption: adoption) }
        set {
            choice = newValue.choice
            rowProfiles = newValue.rowProfiles
            adoption = newValue.adoption
        }
    }
}

extension BitkitMemory {
    var contactImportState: ContactImport.State {
        get {
            ContactImport.State(
                pending: pendingImport, running: contactImport, sessionProfiles: sessionProfiles,
                lookingUp: contactsLookingUp, link: contactLink, shown: contactShown, draft: addContact)
        }
        set {
            pendingImport = newValue.pending
            contactImport = newValue.running
            sessionProfiles = newValue.sessionProfiles
            contactsLookingUp = newValue.lookingUp
            contactLink = newValue.link
            contactShown = newValue.shown
            addContact = newValue.draft
        }
    }
}
