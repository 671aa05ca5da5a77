import Foundation
import PubkyCrypto

/// What a simulated service answered and after how long. An infinite latency means it never answers.
struct Answer<Value> {
    let result: Result<Value, BackendError>
    let latency: TimeInterval

    static func ok(_ value: Value, after latency: TimeInterval) -> Answer {
        Answer(result: .success(value), latency: latency)
    }

    static func fail(_ error: BackendError, after latency: TimeInterval) -> Answer {
        Answer(result: .failure(error), latency: latency)
    }
}

/// The client's random source seen through a closure, so services can draw from it.
struct ExchangeRandom: RandomSource {
    let draw: (Int) -> [UInt8]

    mutating func bytes(_ count: Int) -> [UInt8] { draw(count) }
}

/// What the client saw of one request: the answer, or a timeout when it came too late.
struct Attempt<Value> {
    let result: Result<Value, BackendError>
    /// The time the client spent on it, never more than its timeout.
    let latency: TimeInterval

    var value: Value? { try? result.get() }
}

/// One client call in progress: the opened world, a snapshot of the knobs, the device clock, the time
/// spent so far and the journal events of its requests.
final class Exchange {
    let store: BackendStore
    let knobs: BackendKnobs
    let now: Date
    let app: String
    let timeouts: BackendTimeouts
    /// The client's injected randomness, for secrets the services mint.
    var random: ExchangeRandom
    private let observer: (BackendEvent) -> Void
    /// Simulated seconds spent by the call so far.
    private(set) var latency: TimeInterval = 0

    init(
        store: BackendStore, knobs: BackendKnobs, now: Date, app: String, timeouts: BackendTimeouts,
        random: @escaping (Int) -> [UInt8], observer: @escaping (BackendEvent) -> Void
    ) {
        self.random = ExchangeRandom(draw: random)
        self.store = store
        self.knobs = knobs
        self.now = now
        self.app = app
        self.timeouts = timeouts
        self.observer = observer
    }

    var database: Database { store.database }

    /// The device clock in microseconds, the protocol's unit.
    var nowMicroseconds: Int64 { now.microseconds }

    /// The timestamp for a new AuthToken of `pubky`: the device clock, but at least one microsecond
    /// after the previous token any client minted for that key. A real clock never repeats a
    /// microsecond; the simulated one may stand still between steps, and two tokens with the same
    /// (timestamp, key) would be refused as a replay.
    func tokenTimestamp(for pubky: String) throws -> UInt64 {
        try database.transaction(.immediate) {
            let last = try database.queryFirst(
                "SELECT last FROM token_clock WHERE pubky = ?1", [.text(pubky)]
            ) {
                $0.int64(0)
            }
            let stamp = max(nowMicroseconds, (last ?? Int64.min) &+ 1)
            try database.run(
                "INSERT INTO token_clock(pubky, last) VALUES(?1, ?2) ON CONFLICT(pubky) DO UPDATE SET last = ?2",
                [.text(pubky), .integer(stamp)])
            return UInt64(max(0, stamp))
        }
    }

    /// Adds time spent sequentially.
    func spend(_ seconds: TimeInterval) { latency += seconds }

    /// Sends one request without spending its time (for requests sent in parallel): runs `handler` as
    /// the service, turns a late answer into a timeout and reports the request.
    func attempt<Value>(
        _ service: BackendService, _ operation: String, host: String?, subject: String?,
        timeout: TimeInterval,
        _ handler: () throws -> Answer<Value>
    ) throws -> Attempt<Value> {
        let answer = try handler()
        let attempt: Attempt<Value>
        if answer.latency > timeout {
            attempt = Attempt(
                result: .failure(
                    .timedOut(service: service, host: host ?? service.displayName, after: timeout)),
                latency: timeout)
        } else {
            attempt = Attempt(result: answer.result, latency: answer.latency)
        }
        let outcome: BackendEvent.Outcome
        var status: Int?
        switch attempt.result {
        case .success: outcome = .ok
        case .failure(let error):
            status = error.status
            switch error {
            case .timedOut: outcome = .timedOut
            case .unreachable: outcome = .unreachable
            case .offline: outcome = .offline
            default: outcome = error.isNotFound ? .notFound : .failed
            }
        }
        observer(
            BackendEvent(
                app: app, service: service, operation: operation, host: host, subject: subject,
                outcome: outcome,
                status: status, latency: attempt.latency, timeout: timeout))
        return attempt
    }

    /// Sends one request, spends its time and returns its value or throws its error.
    func request<Value>(
        _ service: BackendService, _ operation: String, host: String?, subject: String?,
        timeout: TimeInterval? = nil, _ handler: () throws -> Answer<Value>
    ) throws -> Value {
        let attempt = try attempt(
            service, operation, host: host, subject: subject, timeout: timeout ?? timeouts.request,
            handler)
        spend(attempt.latency)
        return try attempt.result.get()
    }
}
