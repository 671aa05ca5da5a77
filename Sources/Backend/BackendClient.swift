import Foundation
import PubkyCrypto

/// The network as one app sees it: every call honours the app's connectivity and timeouts, reports
/// each simulated request to `observer`, and returns the time it would have taken. Offline, every call
/// throws `BackendError.offline` without touching the database, which is opened on first use.
public final class BackendClient {
    /// The world's backend database.
    public let databasePath: String
    /// The calling app (`to.bitkit`, `app.pubkyring`, `simctl`, …), recorded on sessions and writes.
    public let app: String
    /// Whether the app has a network connection.
    public var online: Bool
    /// The client's timeouts.
    public var timeouts: BackendTimeouts
    private let now: () -> Date
    private var random: any RandomSource
    private let observer: (BackendEvent) -> Void
    private let elapse: (TimeInterval) -> Void
    /// Called before each client call touches anything (a scheduling point of the race harness and
    /// the explorer): the service, the request and the pubky it is about.
    private let beforeRequest: ((BackendService, String, String?) -> Void)?
    private var openedStore: BackendStore?

    /// A client of the world at `databasePath` for `app`. `now` is the simulated device clock and
    /// `elapse` moves it by the simulated time each call took (the apps pass the world's clock; the
    /// defaults, the host clock standing still, are for tests and benchmarks of the backend alone);
    /// `random` feeds session secrets, signup codes, nonces and txids; `beforeRequest`, when given,
    /// runs before every call.
    public init(
        databasePath: String, app: String, online: Bool = true, now: @escaping () -> Date = Date.init,
        elapse: @escaping (TimeInterval) -> Void = { _ in },
        random: any RandomSource = SystemRandom(), timeouts: BackendTimeouts = BackendTimeouts(),
        observer: @escaping (BackendEvent) -> Void = { _ in },
        beforeRequest: ((BackendService, String, String?) -> Void)? = nil
    ) {
        self.databasePath = databasePath
        self.app = app
        self.online = online
        self.now = now
        self.elapse = elapse
        self.random = random
        self.timeouts = timeouts
        self.observer = observer
        self.beforeRequest = beforeRequest
    }

    /// The opened world, for knobs and inspection (opened on first use).
    public func store() throws(BackendError) -> BackendStore {
        if let openedStore { return openedStore }
        let store = try Backend.open(at: databasePath)
        openedStore = store
        return store
    }

    /// Runs one client call: refuses at once when offline (one `offline` event, database untouched),
    /// otherwise opens the world, snapshots the knobs and runs `body` against them.
    func call<T>(
        _ service: BackendService, _ operation: String, subject: String? = nil,
        _ body: (Exchange) throws -> T
    ) throws(BackendError) -> BackendReply<T> {
        beforeRequest?(service, operation, subject)
        guard online else {
            observer(
                BackendEvent(
                    app: app, service: service, operation: operation, subject: subject, outcome: .offline,
                    latency: 0))
            throw .offline(app: app)
        }
        let store = try store()
        // The call's simulated time passes on the device clock, whether it answered or failed.
        var spent: TimeInterval = 0
        defer { elapse(spent) }
        return try store.perform { database in
            let knobs = try BackendKnobs.load(database)
            let exchange = Exchange(
                store: store, knobs: knobs, now: now(), app: app,
                timeouts: knobs.applied(to: timeouts),
                random: { [unowned self] count in self.random.bytes(count) }, observer: observer)
            defer { spent = exchange.latency }
            let value = try body(exchange)
            return BackendReply(value: value, latency: exchange.latency)
        }
    }
}
