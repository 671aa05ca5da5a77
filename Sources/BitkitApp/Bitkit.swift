import AppRuntime
import AppSupport
import ContractNames

/// Bitkit's behaviour (spec/02): its state, its actions and what each does, once — for the pure
/// `Reducer<Bitkit>` tests drive and the `AppRuntime` that runs it on a device.
///
/// Bitkit is a tree of features (TCA's `Scope`), composed here. Each feature is a type of its own
/// under `Features/`: its `State`, its `Action`s and its `reduce`, its behaviour written on
/// `FeatureContext<TheFeature>`, which shows it its state only; its effects are Bitkit's and go
/// through the one runtime. Bitkit itself keeps what every feature shares — the lifecycle, the
/// navigation and sheets, UserDefaults, the toasts — and offers features what they may ask of
/// each other in `Bitkit+Parent.swift`: no feature touches another's state but through that.
///
/// Adding a feature (spec/09's contact import, say):
/// 1. Declare it in `Features/ContactImport/ContactImport.swift`: `public enum ContactImport:
///    Feature` with its `State`, its `Action` and `static func reduce(_:_:)`; its behaviour in
///    `extension FeatureContext where F == ContactImport` (`state` is its state; effects, UserDefaults,
///    navigation and other features' work come from `Bitkit+Parent.swift`).
/// 2. Compose it here: `static var state` below names where its state lives — a projection in
///    `BitkitMemory+Features.swift` of new optional fields of `BitkitMemory` (kept while Bitkit runs,
///    gone with a kill); `case contactImport(ContactImport.Action)` in `BitkitAction`, routed in
///    `perform` with `try context.send(action, to: ContactImport.self)`; its screens' appear hooks
///    in `Bitkit+Navigation.swift`; and what other features ask of it (Pubky Choice's adoption
///    preparing the import) as a method in `Bitkit+Parent.swift` that sends to it.
/// 3. Test it in `Tests/BitkitAppTests/Features/ContactImportFeatureTests.swift`: its actions step by
///    step through `TestStore<Bitkit>`, asserting the exact effects and its state.
/// `FeatureBoundaryTests` keeps its files to its own state (Docs/architecture.md, "Bitkit's features").
public enum Bitkit: AppBehaviour {
    public typealias State = BitkitState
    public typealias Stored = BitkitStored
    public typealias Action = BitkitAction
    public typealias Request = BitkitRequest
    public typealias Reply = BitkitReply
    public typealias Checkpoint = BitkitCheckpoint
    public typealias Fault = BitkitSDKFault

    public static let displayName = "Bitkit"

    public static func launch(_ context: inout Context<Bitkit>) throws { try context.launch() }
    public static func becomeActive(_ context: inout Context<Bitkit>) throws { try context.becomeActive() }

    public static func kill(_ context: inout Context<Bitkit>) throws { context.kill() }

    /// A user action on the running app (the lifecycle came first, `Bitkit.act`), routed to the
    /// feature it belongs to; navigation, sheets and settings are Bitkit's own.
    public static func perform(_ action: BitkitAction, _ context: inout Context<Bitkit>) throws {
        switch action {
        case .home: context.goHome()
        case .back: try context.goBack()
        case .open(let route): try context.open(route)
        case .continueFlow: try context.continueFlow()
        case .openSettings: try context.open(.settings)
        case .openDrawer: context.memory.sheet = .drawer
        case .setPaykitUI(let on): context.setPaykitUI(on)
        case .setProfileIntroSeen(let seen): context.updateDefaults { $0.profileIntroSeen = seen }
        case .approve: try context.approve()
        case .deny: context.deny()
        case .wallet(let action): try context.send(action, to: Wallet.self)
        case .backup(let action): try context.send(action, to: Backup.self)
        case .pubkyChoice(let action): try context.send(action, to: PubkyChoice.self)
        case .authLinks(let action): try context.send(action, to: AuthLinks.self)
        case .profile(let action): try context.send(action, to: Profile.self)
        case .contactImport(let action): try context.send(action, to: ContactImport.self)
        case .paykit(let action): try context.route(action)
        case .launch, .relaunch, .kill, .foreground, .background: break
        }
    }

    /// The toasts this action raised become the screen's, the screen shows whether an adoption is in
    /// flight and the Paykit documents it lists, and the OS learns which link handlers are enabled.
    public static func finish(after actions: [BitkitAction], _ context: inout Context<Bitkit>) throws {
        guard context.state.memory != nil else { return }
        context.memory.toasts = context.state.raised
        if let adoption = context.state.pubkyChoice.adoption {
            context.state.adoptionBusy = try context.isAlive(adoption.process)
        }
        if let running = context.state.contactImport.running {
            context.state.importBusy = try context.isAlive(running.process)
        }
        if context.memory.showsPaykitDocuments {
            context.state.paykitShown = PaykitShown(
                inbox: try context.loadInbox(), contacts: try context.loadContacts(), now: try context.now())
        }
        if !actions.isEmpty, context.state.build.policy.switchesLinkAliases { try context.decideLinkAliases() }
    }

    public static func stored(_ state: BitkitState) -> BitkitStored {
        BitkitStored(
            defaults: state.defaults, memory: state.memory ?? state.otherLaunch, staleMemory: state.staleMemory)
    }

    /// Defaults as they are now; the memory only if it is still this launch's (a kill or a relaunch
    /// meanwhile ends the app this action ran in).
    public static func resume(_ state: inout BitkitState, reloaded: BitkitStored) -> Bool {
        state.defaults = reloaded.defaults
        state.staleMemory = reloaded.staleMemory
        return resumeMemory(&state, reloaded: reloaded.memory)
    }

    public static func reply(_ reply: BitkitReply, answers request: BitkitRequest) -> Bool {
        request.accepts(reply)
    }
}

// MARK: The features, composed

extension Identity {
    public static var state: WritableKeyPath<BitkitState, State> { \.identity }
}

extension PubkyChoice {
    public static var state: WritableKeyPath<BitkitState, State> { \.pubkyChoice }
}

extension AuthLinks {
    public static var state: WritableKeyPath<BitkitState, State> { \.authLinks }
}

extension Profile {
    public static var state: WritableKeyPath<BitkitState, State> { \.profileForm }
}

extension Wallet {
    public static var state: WritableKeyPath<BitkitState, State> { \.wallet }
}

extension Backup {
    public static var state: WritableKeyPath<BitkitState, State> { \.backup }
}

extension PaymentRequests {
    public static var state: WritableKeyPath<BitkitState, State> { \.paymentRequests }
}

extension Contacts {
    public static var state: WritableKeyPath<BitkitState, State> { \.contacts }
}

extension ContactImport {
    public static var state: WritableKeyPath<BitkitState, State> { \.contactImport }
}

extension BitkitAction: LifecycleActions {}
extension BitkitMemory: LaunchMemory {}
extension BitkitState: RunningAppState {}

extension BitkitMemory {
    /// Whether the screen shows the stored requests or contacts (the requests sheet, a request, the
    /// confirmation, the contacts).
    var showsPaykitDocuments: Bool {
        sheet == .paymentRequests
            || [.paymentRequestConfirm, .paymentRequestDetail, .contacts, .contactSaved, .contactDetail].contains(top)
    }
}
