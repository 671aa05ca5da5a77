/// A feature of an app — The Composable Architecture's `Scope`, in direct style: its own state and
/// actions, and a reducer over them written against a `FeatureContext` that shows the feature its
/// state only. Its effects are the app's: they go through the one runtime (or the test's answers)
/// exactly as the app's own do.
///
/// The app composes its features. It says where each feature's state lives in the app's state
/// (`state`), routes the feature's actions to `reduce`, and offers in its own extensions of
/// `EffectContext` what features may ask of each other (navigation, another feature's work): a
/// feature reaches another's state only through what the app offers.
public protocol Feature {
    associatedtype App: AppBehaviour
    associatedtype State: Sendable, Equatable
    associatedtype Action: Sendable, Equatable

    /// Where the app keeps this feature's state (the app decides, in its composition).
    static var state: WritableKeyPath<App.State, State> { get }
    /// What the feature does on `action`.
    static func reduce(_ action: Action, _ context: inout FeatureContext<Self>) throws
}

/// A feature's view of its app's context: the feature's state, and the app's effects. It holds the
/// app's context while the feature runs, so a checkpoint that reloads the app's state reloads the
/// feature's with it.
public struct FeatureContext<F: Feature>: EffectContext {
    public typealias App = F.App

    private var app: Context<App>

    init(_ app: Context<App>) { self.app = app }

    /// The feature's state.
    public var state: F.State {
        get { app.state[keyPath: F.state] }
        set { app.state[keyPath: F.state] = newValue }
    }

    public mutating func perform(_ effect: Effect<App>) throws -> Answer<App> { try app.perform(effect) }
    public mutating func emit(_ effect: Effect<App>) { app.emit(effect) }
    public mutating func resume(_ reloaded: App.Stored) -> Bool { app.resume(reloaded) }
    public var notices: [String] { app.notices }
    public mutating func notice(_ text: String) { app.notice(text) }
    public var isRunning: Bool { app.isRunning }

    public func remembered<Value: Sendable>(_ key: String, _ compute: () throws -> Value) rethrows -> Value {
        try app.remembered(key, compute)
    }

    public var appState: App.State { app.state }
    public mutating func withApp<T>(_ body: (inout Context<App>) throws -> T) rethrows -> T { try body(&app) }

    /// Moves the app's context out when the feature is done with it.
    fileprivate consuming func release() -> Context<App> { app }
}

extension Context {
    /// Runs `body` on feature `F`'s view of this context (TCA's `Scope`).
    public mutating func scope<F: Feature, T>(
        _ feature: F.Type, _ body: (inout FeatureContext<F>) throws -> T
    ) rethrows -> T where F.App == App {
        var scoped = FeatureContext<F>(consume self)
        defer { self = scoped.release() }
        return try body(&scoped)
    }

    /// Sends `action` to feature `F`.
    public mutating func send<F: Feature>(_ action: F.Action, to feature: F.Type) throws where F.App == App {
        try scope(feature) { try F.reduce(action, &$0) }
    }
}

extension EffectContext {
    /// Runs `body` on feature `F`'s view of the app's context (from the app, or from what the app
    /// offers its features).
    public mutating func scope<F: Feature, T>(
        _ feature: F.Type, _ body: (inout FeatureContext<F>) throws -> T
    ) rethrows -> T where F.App == App {
        try withApp { try $0.scope(feature, body) }
    }

    /// Sends `action` to feature `F`.
    public mutating func send<F: Feature>(_ action: F.Action, to feature: F.Type) throws where F.App == App {
        try withApp { try $0.send(action, to: feature) }
    }
}
