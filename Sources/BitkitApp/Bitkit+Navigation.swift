import AppRuntime
import AppSupport

extension Context where App == Bitkit {
    /// The refusal shown when the Paykit UI toggle hides a screen (spec/02 §2, assumed wording).
    static func paykitUIOffNotice(_ route: BitkitRoute) -> String {
        "\(route.title.replacingOccurrences(of: "\n", with: " ")) is unavailable: the Paykit UI is off "
            + "(Dev Settings; `bitkit-sim settings dev paykit-ui on`)."
    }

    mutating func goHome() {
        memory.sheet = nil
        setPath([])
    }

    /// Closes a sheet, else pops one screen; a screen that appears again runs its appear hook.
    mutating func goBack() throws {
        if memory.sheet != nil {
            memory.sheet = nil
            return
        }
        guard !memory.path.isEmpty else {
            notice("Already at the root screen.")
            return
        }
        var path = memory.path
        path.removeLast()
        setPath(path)
        if memory.top == .pubkyChoice { try appearPubkyChoiceQuietly() }
    }

    /// Opens a route the way the app's own buttons do. `profile` applies spec/02 §10; screens the
    /// Paykit UI toggle hides are refused while it is off; wallet routes need a wallet.
    mutating func open(_ route: BitkitRoute) throws {
        if route.needsPaykitUI, !defaults.paykitUIEnabled {
            notice(Self.paykitUIOffNotice(route))
            return
        }
        if memory.root == .onboarding, !route.isRoot {
            notice("There is no wallet yet: create or restore one first (`bitkit-sim wallet create`).")
            return
        }
        switch route {
        case .home:
            goHome()
        case .onboarding:
            notice("Onboarding is shown only while no wallet exists.")
        case .profile:
            try openProfile()
        case .paymentRequestConfirm, .paymentRequestDetail:
            notice("\(route.rawValue) opens from a payment request (`bitkit-sim requests …`).")
        case .pubkyChoice where !state.build.sharesKeys:
            notice("This Bitkit build predates the shared keychain: it has no Pubky Choice; Profile opens instead.")
            try openProfile()
        case .pubkyChoice where memory.top != .pubkyChoice:
            guard try hasExistingIdentity() else {
                try push(route)
                return
            }
            // The app offers Pubky Choice only through Profile entry while no identity exists (§10).
            notice("Pubky Choice is offered only while Bitkit has no identity; Profile opens instead.")
            try openProfile()
        default:
            try push(route)
        }
    }

    /// spec/02 §10: Profile when an identity exists, else the intro until seen, else Pubky Choice.
    mutating func openProfile() throws {
        if !defaults.paykitUIEnabled, !state.build.has(.profileOpensWithPaykitUIOff) {
            notice(Self.paykitUIOffNotice(.profile))
            return
        }
        if try adoptionSignsIn() {
            // The reference alone does not make an identity to show yet (§10).
            try push(firstIdentityRoute)
        } else if try hasExistingIdentity() {
            try push(.profile)
        } else if !defaults.profileIntroSeen {
            try push(.profileIntro)
        } else {
            try push(firstIdentityRoute)
        }
    }

    /// Whether a Ring adoption runs and has written its reference (spec/02 §12 step 3 until it
    /// completes or rolls back).
    mutating func adoptionSignsIn() throws -> Bool {
        guard !state.build.has(.profileOpensDuringAdoption), let running = memory.adoption,
            defaults.reference?.pubky == running.subject
        else { return false }
        return try isAlive(running.process)
    }

    /// Where a user without an identity starts: Pubky Choice, or — in the build from before the shared
    /// keychain, which had no Pubky Choice — Create Profile for Bitkit's own key.
    var firstIdentityRoute: BitkitRoute { state.build.sharesKeys ? .pubkyChoice : .createProfile }

    /// Pushes `route` (nothing when it is already on top) and runs its appear hook.
    mutating func push(_ route: BitkitRoute) throws {
        memory.sheet = nil
        guard memory.top != route else {
            try appear(route)
            return
        }
        setPath(memory.path + [route])
        try appear(route)
    }

    /// What a screen does when it appears.
    mutating func appear(_ route: BitkitRoute) throws {
        switch route {
        case .pubkyChoice: try appearPubkyChoice()
        case .createProfile: try appearCreateProfile()
        case .profile:
            if memory.authState == .authenticated, memory.profile == nil, let key = memory.publicKey {
                try loadProfileInBackground(pubky: String(key.dropFirst(5)), checkpoint: .profileBeforeLoad)
            }
        default: break
        }
    }

    /// The screen's continue action.
    mutating func continueFlow() throws {
        switch memory.top {
        case .profileIntro:
            updateDefaults { $0.profileIntroSeen = true }
            setPath(Array(memory.path.dropLast()) + [firstIdentityRoute])
            try appear(firstIdentityRoute)
        case .payContacts, .contactImportOverview:
            try push(.profile)
        default:
            notice("This screen has no continue action.")
        }
    }

    /// Profile → Edit.
    mutating func openEditProfile() throws {
        if memory.top != .profile, memory.top != .editProfile {
            try openProfile()
        }
        switch memory.top {
        case .editProfile: return
        case .profile: try push(.editProfile)
        default: notice("Profile → Edit needs an identity; Profile shows \(memory.top.rawValue) instead.")
        }
    }

    /// Back onto Pubky Choice reloads it; a failure there (an ended app) changes nothing more.
    mutating func appearPubkyChoiceQuietly() throws {
        _ = try attempt { try $0.appearPubkyChoice() }
    }
}
