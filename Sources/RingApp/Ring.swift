import AppRuntime
import AppSupport
import ContractNames

/// Pubky Ring's behaviour (spec/03): its state, its actions and what each does, once — for the pure
/// `Reducer<Ring>` tests drive and the `AppRuntime` that runs it on a device.
///
/// Ring is composed of features (TCA's `Scope`, as Bitkit is: `Sources/BitkitApp/Bitkit.swift`
/// says how to add one): `Pubkys` (create, import, sign up, edit, delete, wipe), `KeyBackup`
/// (recovery files and phrases), `Offers` (Bitkit's pubkys offered, pruned, used) and
/// `Authorization` (links, session requests, invites), each under `Features/`. Ring keeps its
/// store, the lifecycle, the navigation and sheets, and offers features what they may ask of each
/// other in `Ring+Parent.swift`.
public enum Ring: AppBehaviour {
    public typealias State = RingState
    public typealias Stored = RingStored
    public typealias Action = RingAction
    public typealias Request = RingRequest
    public typealias Reply = RingReply
    public typealias Checkpoint = RingCheckpoint
    public typealias Fault = RingSDKFault

    public static let displayName = RingTexts.appName

    public static func launch(_ context: inout Context<Ring>) throws { try context.startup() }
    public static func becomeActive(_ context: inout Context<Ring>) throws { try context.becomeActive() }

    public static func kill(_ context: inout Context<Ring>) throws { context.kill() }

    /// A user action on a running Ring, routed to the feature it belongs to; navigation and sheets
    /// are Ring's own.
    public static func perform(_ action: RingAction, _ context: inout Context<Ring>) throws {
        switch action {
        case .launch, .foreground, .background, .kill, .relaunch:
            break
        case .home:
            try context.focusHome()
        case .finishOnboarding:
            context.state.store.onboarded = true
            try context.focusHome()
        case .openSettings:
            context.memory.sheet = nil
            context.navigate(context.rootStack + [.settings])
        case .back:
            try context.back()
        case .open(let ref):
            context.openDetail(try context.resolve(ref))
        case .share(let ref):
            let pubky = try context.resolve(ref)
            context.openDetail(pubky)
            context.memory.sheet = .share(pubky: pubky)
        case .copy(let ref):
            let pubky = try context.resolve(ref)
            context.openDetail(pubky)
            context.memory.clipboard = pubky
            context.raise(RingTexts.copied)
        case .openWipe:
            context.navigate(context.rootStack + [.settings])
            context.memory.sheet = .wipe
        case .confirm:
            try context.confirmSheet()
        case .cancel:
            try context.send(.cancel, to: Authorization.self)
        case .pubkys(let action): try context.send(action, to: Pubkys.self)
        case .keyBackup(let action): try context.send(action, to: KeyBackup.self)
        case .offers(let action): try context.send(action, to: Offers.self)
        case .authorization(let action): try context.send(action, to: Authorization.self)
        }
    }

    /// The toasts and URLs of this action become the memory's, and the recovery-phrase screen reads
    /// the words it shows (never stored).
    public static func finish(after actions: [RingAction], _ context: inout Context<Ring>) throws {
        guard context.state.memory != nil else { return }
        context.state.memory?.toasts = context.state.raised
        context.state.memory?.openedURLs = context.state.opened
        if case .recoveryPhrase(let pubky) = context.memory.top {
            context.state.shownPhrase = try context.loadSecretQuietly(pubky)?.mnemonic
        }
    }

    public static func stored(_ state: RingState) -> RingStored {
        RingStored(store: state.store, memory: state.memory ?? state.otherLaunch)
    }

    /// The store as it is now; the memory only if it is still this launch's (a kill or a relaunch
    /// meanwhile ends the app this action ran in, and what the other launch holds stays its own).
    public static func resume(_ state: inout RingState, reloaded: RingStored) -> Bool {
        state.store = reloaded.store
        return resumeMemory(&state, reloaded: reloaded.memory)
    }

    public static func reply(_ reply: RingReply, answers request: RingRequest) -> Bool {
        request.accepts(reply)
    }
}

// MARK: The features, composed

extension Pubkys {
    public static var state: WritableKeyPath<RingState, State> { \.pubkys }
}

extension KeyBackup {
    public static var state: WritableKeyPath<RingState, State> { \.keyBackup }
}

extension Offers {
    public static var state: WritableKeyPath<RingState, State> { \.offerListing }
}

extension Authorization {
    public static var state: WritableKeyPath<RingState, State> { \.authorization }
}

extension RingAction: LifecycleActions {}
extension RingMemory: LaunchMemory {}
extension RingState: RunningAppState {}
