import AppRuntime
import AppSupport

/// Bitkit's navigation, sheets and settings: the path, the screens' appear hooks (each the feature
/// the screen belongs to), the dialogs' confirm buttons, and the Paykit actions routed to their
/// features.
extension Context where App == Bitkit {
    /// The memory of the running app (the action made sure the app runs).
    var memory: BitkitMemory {
        get {
            guard let memory = state.memory else { preconditionFailure("Bitkit is not running") }
            return memory
        }
        set { state.memory = newValue }
    }

    /// The refusal shown when the Paykit UI toggle hides a screen (spec/02 §2, assumed wording).
    static func paykitUIOffNotice(_ route: BitkitRoute) -> String {
        "\(route.title.replacingOccurrences(of: "\n", with: " ")) is unavailable: the Paykit UI is off "
            + "(Dev Settings; `bitkit-sim settings dev paykit-ui on`)."
    }

    /// Journals a change of the navigation stack (root first), if it changed.
    mutating func navigated(from before: [String]?, to after: [String]) {
        guard before != after else { return }
        record(JournalLine(.navigation, detail: after.joined(separator: " > ")))
    }

    /// Replaces the navigation path (journalled when it changes).
    mutating func setPath(_ path: [BitkitRoute]) {
        let before = memory.stack
        memory.path = path
        navigated(from: before, to: memory.stack)
        // Reaching a route other than the import's is leaving it (spec/09 §2.4.6).
        if !ContactImport.routes.contains(memory.top) { scope(ContactImport.self) { $0.leave() } }
    }

    mutating func setRoot(_ root: BitkitRoute) {
        let before = memory.stack
        memory.root = root
        navigated(from: before, to: memory.stack)
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
        // Back onto Pubky Choice reloads it; a failure there (an ended app) changes nothing more.
        if memory.top == .pubkyChoice { _ = try attempt { try $0.send(.appear, to: PubkyChoice.self) } }
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
        case .contactImportOverview, .contactImportSelect:
            try send(.openOverview, to: ContactImport.self)
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
    private mutating func adoptionSignsIn() throws -> Bool {
        guard !state.build.has(.profileOpensDuringAdoption), let running = state.pubkyChoice.adoption,
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

    /// What a screen does when it appears: the hook of the feature it belongs to.
    private mutating func appear(_ route: BitkitRoute) throws {
        switch route {
        case .pubkyChoice: try send(.appear, to: PubkyChoice.self)
        case .createProfile: try send(.appear, to: Profile.self)
        case .profile: try send(.loadProfile, to: Identity.self)
        case .contacts: try send(.refreshContacts, to: ContactImport.self)
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
        case .payContacts:
            try push(.profile)
        case .contactImportOverview:
            notice("The import overview has no continue action: tap Import All or Select.")
        default:
            notice("This screen has no continue action.")
        }
    }

    /// `Authorize` on the shown sheet, or the confirm button of a dialog: the sheet's feature acts.
    mutating func approve() throws {
        switch memory.sheet {
        case .authApproval, .authSignup: try send(.approve, to: AuthLinks.self)
        case .confirmDelete: try send(.delete(confirm: true), to: Profile.self)
        case .confirmDisconnect: try send(.disconnect(confirm: true), to: Profile.self)
        case .confirmReset: try send(.reset(confirm: true), to: Wallet.self)
        case .paymentRequests:
            notice(
                "The payment requests sheet has no Authorize: tap Pay or Reject (`bitkit-sim requests pay|reject ID`).")
        case .drawer:
            notice("The drawer has no Authorize: tap one of its rows.")
        case nil:
            notice("No sheet is shown: there is nothing to authorize (scan a pubkyauth:// link first).")
        }
    }

    /// Closes the sheet or dialog.
    mutating func deny() {
        guard memory.sheet != nil else {
            notice("No sheet is shown.")
            return
        }
        memory.sheet = nil
    }

    mutating func setPaykitUI(_ on: Bool) {
        updateDefaults { $0.paykitUIEnabled = on }
        // Screens the toggle hides cannot stay visible once it is off.
        if !on, memory.path.contains(where: \.needsPaykitUI) {
            setPath(Array(memory.path.prefix { !$0.needsPaykitUI }))
            memory.sheet = nil
        }
    }

    /// A payment-request or contact action (spec/05 §8): a wallet first, and — but for the dev
    /// funds — the Paykit UI on; then the feature it belongs to.
    mutating func route(_ action: PaykitAction) throws {
        guard memory.root != .onboarding else {
            notice("There is no wallet yet: create or restore one first (`bitkit-sim wallet create`).")
            return
        }
        if case .fund(let onchain, let lightning) = action {
            try send(.fund(onchainSats: onchain, lightningSats: lightning), to: Wallet.self)
            return
        }
        guard defaults.paykitUIEnabled else {
            notice(
                "Payment requests and contacts are unavailable: the Paykit UI is off "
                    + "(Dev Settings; `bitkit-sim settings dev paykit-ui on`).")
            return
        }
        switch action {
        case .requests(let action): try send(action, to: PaymentRequests.self)
        case .contacts(let action): try send(action, to: Contacts.self)
        case .fund: break
        }
    }
}
