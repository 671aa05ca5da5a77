import AppRuntime
import AppSupport
import ContractNames

/// Bitkit's behaviour (spec/02): its state, its actions and what each does, once — for the pure
/// `Reducer<Bitkit>` tests drive and the `AppRuntime` that runs it on a device.
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

    public static func perform(_ action: BitkitAction, _ context: inout Context<Bitkit>) throws {
        try context.perform(action)
    }

    /// The toasts this action raised become the screen's, and the screen shows whether an adoption
    /// is in flight.
    public static func finish(_ context: inout Context<Bitkit>) throws {
        guard context.state.memory != nil else { return }
        context.memory.toasts = context.state.raised
        if let adoption = context.memory.adoption {
            context.state.adoptionBusy = try context.isAlive(adoption.process)
        }
        if context.memory.showsPaykitDocuments {
            context.state.paykitShown = PaykitShown(
                inbox: try context.loadInbox(), contacts: try context.loadContacts(), now: try context.now())
        }
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
}

extension BitkitAction: LifecycleActions {}
extension BitkitMemory: LaunchMemory {}
extension BitkitState: RunningAppState {}

extension BitkitMemory {
    /// Whether the screen shows the stored requests or contacts (the requests sheet, a request, the
    /// confirmation, the contacts).
    var showsPaykitDocuments: Bool {
        sheet == .paymentRequests
            || [.paymentRequestConfirm, .paymentRequestDetail, .contacts, .contactSaved].contains(top)
    }
}
