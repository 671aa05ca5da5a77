import AppRuntime
import AppSupport
import ContractNames

/// Pubky Ring's behaviour (spec/03): its state, its actions and what each does, once — for the pure
/// `Reducer<Ring>` tests drive and the `AppRuntime` that runs it on a device.
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

    public static func perform(_ action: RingAction, _ context: inout Context<Ring>) throws {
        try context.performUserAction(action)
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
}

extension RingAction: LifecycleActions {}
extension RingMemory: LaunchMemory {}
extension RingState: RunningAppState {}
