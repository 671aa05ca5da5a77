import Device

/// What the runtime needs to run an app's behaviour on a device: how its state comes from and goes
/// to its sandbox, and how its own requests (its private store, its network client) are served.
public protocol AppHost: Sendable {
    associatedtype App: AppBehaviour
    /// Serves one action's requests; made once per action, so a network client opens at most once.
    associatedtype Services: RequestPerformer<App>

    /// What the sandbox holds now.
    func load(_ sandbox: Sandbox) throws -> App.Stored
    /// The state an action starts from, given what the sandbox holds.
    func state(from stored: App.Stored) -> App.State
    /// Writes what of `stored` differs from `written` (what the sandbox holds) and returns what the
    /// sandbox holds then. With `eagerOnly` only the documents the real app writes as soon as they
    /// change (UserDefaults) are due: the rest waits for the next suspension or the action's end.
    func save(
        _ stored: App.Stored, over written: App.Stored, eagerOnly: Bool, to sandbox: Sandbox
    ) throws
        -> App.Stored
    /// The services of one action.
    func services(_ environment: AppEnvironment) -> Services
    /// Tells the OS which of the app's link handlers are enabled (`Effect.linkAliases`), once the
    /// action has ended and its state is saved.
    func applyLinkAliases(_ aliases: [String], in environment: AppEnvironment) throws
}

extension AppHost {
    /// An app without link aliases never asks for them.
    public func applyLinkAliases(_ aliases: [String], in environment: AppEnvironment) throws {}
}

/// Serves an app's own requests.
public protocol RequestPerformer<App> {
    associatedtype App: AppBehaviour
    func perform(_ request: App.Request) -> Answer<App>
}
