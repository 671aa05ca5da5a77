import ContractNames

/// An app's behaviour, once, for the pure reducer and the live runtime alike: its state, its user
/// actions, and what it does — written in direct style against a `Context`, through which every
/// call outside the state goes as an `Effect`. `Reducer` turns it into (state, answer) → (state,
/// effects) for tests; `AppRuntime` performs the same effects on a device.
public protocol AppBehaviour: Sendable {
    /// Everything the behaviour reads and changes: what the app keeps in its sandbox, what it holds
    /// while it runs, the facts of its install, and what this action shows (notices, toasts).
    associatedtype State: Sendable, Equatable
    /// What lives in the app's sandbox between actions (its documents).
    associatedtype Stored: Sendable, Equatable
    associatedtype Action: Sendable, Equatable
    /// Calls on the app's own stores and network client, and their replies.
    associatedtype Request: Sendable, Equatable
    associatedtype Reply: Sendable, Equatable
    associatedtype Checkpoint: AppCheckpoint
    associatedtype Fault: SDKFaultName

    /// `Bitkit`, `Pubky Ring`.
    static var displayName: String { get }
    /// The lifecycle transition `action` is, or nil for a tap, a paste, a link.
    static func lifecycle(of action: Action) -> LifecycleTransition?
    static func isRunning(_ state: State) -> Bool
    static func isInForeground(_ state: State) -> Bool

    /// The cold start (the user taps the icon of an app that is not running).
    static func launch(_ context: inout Context<Self>) throws
    /// The app comes to the foreground while it runs.
    static func becomeActive(_ context: inout Context<Self>) throws
    /// The app goes to the background.
    static func background(_ context: inout Context<Self>) throws
    /// The app's process ends: what it held in memory goes, its stores stay.
    static func kill(_ context: inout Context<Self>) throws
    /// A user action on the running app in the foreground.
    static func perform(_ action: Action, _ context: inout Context<Self>) throws
    /// The end of every action (the toasts it raised become the screen's); `actions` is empty when
    /// the tool only looks at the screen.
    static func finish(after actions: [Action], _ context: inout Context<Self>) throws

    /// Whether `reply` is of the kind `request` gets (a store's load a value or a store failure, …);
    /// the kernel fails an action whose request got another kind. Every reply fits by default.
    static func reply(_ reply: Reply, answers request: Request) -> Bool

    /// What the sandbox should hold for `state`.
    static func stored(_ state: State) -> Stored
    /// `state` after a suspension, with what the sandbox held when the action went on; false when
    /// the app stopped running meanwhile (killed or relaunched).
    static func resume(_ state: inout State, reloaded: Stored) -> Bool
}

/// The lifecycle transitions an action can be (DESIGN §4).
public enum LifecycleTransition: Sendable, Equatable {
    case launch, relaunch, kill, foreground, background
}

/// The action ended because the app was killed or relaunched while it waited at a suspension.
public struct AppTerminated: Error, Equatable {
    public init() {}
}

extension AppBehaviour {
    public static func reply(_ reply: Reply, answers request: Request) -> Bool { true }

    /// One user step — one action, or a few taps in a row (`Delete`, then the sheet's `Confirm`) —
    /// with the lifecycle every app shares: a lifecycle action runs as it is; any other first
    /// launches an app that is not running (the user taps its icon), or brings a backgrounded one
    /// forward, then performs the tap.
    public static func act(_ actions: [Action], _ context: inout Context<Self>) throws {
        do {
            for action in actions { try transition(action, &context) }
        } catch is AppTerminated {
            context.notice("\(displayName) was terminated while this action waited; nothing more was done.")
            return
        }
        try finish(after: actions, &context)
    }

    private static func transition(_ action: Action, _ context: inout Context<Self>) throws {
        do {
            switch lifecycle(of: action) {
            case .kill?:
                try kill(&context)
            case .relaunch?:
                try kill(&context)
                try launch(&context)
            case .launch?:
                try launchOrActivate(&context)
            case .foreground?:
                if isRunning(context.state) { try becomeActive(&context) } else { try launch(&context) }
            case .background?:
                guard isRunning(context.state) else {
                    context.notice("\(displayName) is not running.")
                    return
                }
                try background(&context)
            case nil:
                try launchOrActivate(&context)
                try perform(action, &context)
            }
        }
    }

    private static func launchOrActivate(_ context: inout Context<Self>) throws {
        if !isRunning(context.state) {
            try launch(&context)
        } else if !isInForeground(context.state) {
            try becomeActive(&context)
        }
    }
}
