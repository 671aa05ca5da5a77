import ContractNames

/// The lifecycle actions every app has (DESIGN §4), as its own action enum spells them.
public protocol LifecycleActions: Equatable {
    static var launch: Self { get }
    static var relaunch: Self { get }
    static var kill: Self { get }
    static var foreground: Self { get }
    static var background: Self { get }
}

/// What a running app keeps in memory that the lifecycle reads: which launch it is, and whether it
/// is in the foreground.
public protocol LaunchMemory: Sendable, Equatable {
    var launchID: UInt64 { get }
    var inForeground: Bool { get set }
}

/// An app state whose memory is there while the app runs (nil otherwise), and that keeps a later
/// launch's memory when the app stopped running while an action waited.
public protocol RunningAppState {
    associatedtype Memory: LaunchMemory
    var memory: Memory? { get set }
    var otherLaunch: Memory? { get set }
}

extension AppBehaviour where Action: LifecycleActions {
    public static func lifecycle(of action: Action) -> LifecycleTransition? {
        switch action {
        case .launch: return .launch
        case .relaunch: return .relaunch
        case .kill: return .kill
        case .foreground: return .foreground
        case .background: return .background
        default: return nil
        }
    }
}

extension AppBehaviour where State: RunningAppState {
    public static func isRunning(_ state: State) -> Bool { state.memory != nil }
    public static func isInForeground(_ state: State) -> Bool { state.memory?.inForeground ?? false }

    /// The app goes to the background: its memory says so, and the journal.
    public static func background(_ context: inout Context<Self>) throws {
        context.state.memory?.inForeground = false
        context.record(JournalLine(.lifecycle(.background)))
    }

    /// The memory after a suspension: `reloaded` if it is still this launch's; otherwise the app
    /// stopped running meanwhile (a kill, a relaunch), and the other launch's memory is kept apart
    /// so the action leaves it as it is. Returns whether the app still runs.
    public static func resumeMemory(_ state: inout State, reloaded: State.Memory?) -> Bool {
        guard let memory = reloaded, let current = state.memory, memory.launchID == current.launchID else {
            state.memory = nil
            state.otherLaunch = reloaded
            return false
        }
        state.memory = memory
        return true
    }
}
