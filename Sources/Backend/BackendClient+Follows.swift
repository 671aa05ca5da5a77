import Foundation
import PubkyCrypto
import PubkyProtocol

extension BackendClient {
    /// The largest profile document a follow lookup decodes (both kinds): a Paykit profile within
    /// spec/04 §12's limits is under 20 KiB, a pubky.app one under 4 KiB (assumed bound).
    public static let maxProfileBytes = 32 * 1024

    /// How many names one page of a listing holds (spec/04 §7: the homeserver pages by 100).
    static let followsPage = 100

    /// Lists `pubky`'s follows (spec/09 §1.2): every page of `/pub/pubky.app/follows/`, direct children
    /// only, sorted into the kept keys and the names left out. The homeserver is resolved once; each
    /// page is one read.
    public func follows(of pubky: String) throws(BackendError) -> BackendReply<FollowsListing> {
        let key = try Self.publicKey(pubky)
        let directory = PubkyAppFollow.directory
        return try call(.homeserver, "GET \(directory)", subject: key.z32) { exchange in
            let homeserver = try homeserver(of: key, exchange)
            var entries: [String] = []
            var cursor: String?
            while true {
                let options = StorageListOptions(limit: Self.followsPage, cursor: cursor, shallow: true)
                let page = try exchange.request(.homeserver, "GET \(directory)", host: homeserver, subject: key.z32) {
                    try Homeserver(exchange: exchange, key: homeserver).list(
                        user: key.z32, directory: directory, options: options)
                }
                entries += page
                // A short page is the last; a page that does not move the cursor would never end.
                guard page.count == Self.followsPage, let last = page.last, last != cursor else { break }
                cursor = last
            }
            return FollowsListing(entries: entries, user: key.z32)
        }
    }

    /// Writes a follow file for each name (a key as spelled) with the session, as pubky.app does:
    /// `{"created_at": <device clock µs>}`. One request per name, in order.
    public func follow(_ names: [String], session: HomeserverSession) throws(BackendError) -> BackendReply<Void> {
        try Self.checkFollowNames(names)
        return try call(.homeserver, "PUT \(PubkyAppFollow.directory)", subject: session.pubky) { exchange in
            let body = try JSONEncoder().encode(PubkyAppFollow(createdAt: exchange.nowMicroseconds))
            for name in names {
                let path = PubkyAppFollow.path(of: name)
                try exchange.request(.homeserver, "PUT \(path)", host: session.homeserver, subject: session.pubky) {
                    try Homeserver(exchange: exchange, key: session.homeserver).put(
                        user: session.pubky, secret: session.secret, path: path, data: Array(body))
                }
            }
        }
    }

    /// Deletes the follow file of each name with the session; a name not followed is a 404.
    public func unfollow(_ names: [String], session: HomeserverSession) throws(BackendError) -> BackendReply<Void> {
        try Self.checkFollowNames(names)
        return try call(.homeserver, "DELETE \(PubkyAppFollow.directory)", subject: session.pubky) { exchange in
            for name in names {
                let path = PubkyAppFollow.path(of: name)
                try exchange.request(.homeserver, "DELETE \(path)", host: session.homeserver, subject: session.pubky) {
                    try Homeserver(exchange: exchange, key: session.homeserver).delete(
                        user: session.pubky, secret: session.secret, path: path)
                }
            }
        }
    }

    /// Looks each follow's profile up (spec/09 §1.3) as `lane` runs them (§1.5): every request is
    /// sent and journalled with the time it took, but the device clock moves by the schedule's length
    /// — the lookups run side by side — not by their sum. A lookup costs its reads (0.05 s each, or the
    /// user's read-latency knob; one when a Paykit profile is found, else two); a key with a record is
    /// resolved from the client's cache at no cost, a key without one costs the full PKARR resolve
    /// (spec/04 §10) and has no profile. A failed, unusable or cut-off lookup is a result, not an error:
    /// only an offline device fails the whole set.
    public func followLookups(
        _ pubkys: [String], namespace: String, lane: LookupLane
    ) throws(BackendError) -> BackendReply<[FollowLookup]> {
        try call(.homeserver, "GET profiles of \(pubkys.count) follow(s)") { exchange in
            var measured: [(outcome: FollowLookup.Outcome, latency: TimeInterval)] = []
            for pubky in pubkys {
                var lookup = FollowProfileRead(exchange: exchange, namespace: namespace, cap: lane.cap)
                let outcome = try lookup.run(pubky)
                // A cut-off lookup would have taken longer than the cap: the schedule cancels it there.
                measured.append((outcome, outcome == .timedOut ? .infinity : lookup.spent))
            }
            let schedule = LookupSchedule(latencies: measured.map(\.latency), lane: lane)
            exchange.spend(schedule.length)
            return zip(pubkys, zip(measured, schedule.slots)).map { pubky, pair in
                FollowLookup(pubky: pubky, outcome: pair.0.outcome, slot: pair.1)
            }
        }
    }

    /// A follow name must be one file name: not empty, no `/`.
    private static func checkFollowNames(_ names: [String]) throws(BackendError) {
        if let bad = names.first(where: { $0.isEmpty || $0.contains("/") }) {
            throw .invalidInput("'\(bad)' is not a follow name: a follow is one file named after a key")
        }
    }
}

/// One follow's profile lookup measured rather than spent: its requests are sent and reported, and
/// the time they took is added up, stopping at the lane's cap.
struct FollowProfileRead {
    let exchange: Exchange
    let namespace: String
    let cap: TimeInterval?
    /// Simulated seconds the lookup took so far.
    private(set) var spent: TimeInterval = 0

    init(exchange: Exchange, namespace: String, cap: TimeInterval?) {
        self.exchange = exchange
        self.namespace = namespace
        self.cap = cap
    }

    /// What a step of the lookup came to.
    private enum Step<Value> {
        case value(Value)
        /// Nothing there: a 404/410 read, or a key without a homeserver record.
        case missing
        case failed(String)
        case timedOut
    }

    mutating func run(_ pubky: String) throws -> FollowLookup.Outcome {
        // Bitkit's decoders are lenient: a padding alias looks up the key it spells (spec/09 §1.6).
        guard let canonical = PubkyKey.canonical(pubky), let key = PublicKey(z32: canonical) else {
            return .failed("\(pubky) is not a pubky")
        }
        let homeserver: String
        switch try self.homeserver(of: key) {
        case .value(let target): homeserver = target
        case .missing: return .answered(.notFound)
        case .failed(let reason): return .failed(reason)
        case .timedOut: return .timedOut
        }
        let paykitPath = PaykitProfile.path(namespace: namespace)
        switch try read(paykitPath, of: key, on: homeserver) {
        case .value(let data):
            return Self.outcome(PaykitProfile.self, data, path: paykitPath, limits: \.validationFailure) {
                .paykit($0)
            }
        case .failed(let reason): return .failed(reason)
        case .timedOut: return .timedOut
        case .missing: break
        }
        switch try read(PubkyAppProfile.path, of: key, on: homeserver) {
        case .value(let data):
            // An empty name is no profile (spec/04 §12), not a name under the 3-character limit.
            return Self.outcome(
                PubkyAppProfile.self, data, path: PubkyAppProfile.path,
                limits: { $0.name.isEmpty ? nil : $0.validationFailure }
            ) { $0.name.isEmpty ? .notFound : .pubkyApp($0) }
        case .missing: return .answered(.notFound)
        case .failed(let reason): return .failed(reason)
        case .timedOut: return .timedOut
        }
    }

    /// The key's homeserver. A record a resolve would find counts as the client's cached one: free and
    /// not journalled. Only a key without one costs the resolve (spec/04 §10) — the DHT and the relays
    /// asked at once, the client waiting for every answer or timeout.
    private mutating func homeserver(of key: PublicKey) throws -> Step<String> {
        let network = PkarrNetwork(exchange: exchange)
        let resolve = exchange.timeouts.resolve
        let cached = [try network.dhtGet(key: key), try network.relayGet(key: key)]
            .filter { $0.latency <= resolve }
            .compactMap { try? $0.result.get() }
            .max { $1.isNewer(than: $0) }
        if let cached { return cached.homeserverTarget.map(Step.value) ?? .missing }
        let timeout = limited(resolve)
        let attempts = [
            try exchange.attempt(
                .pkarrDHT, "GET \(key.z32)", host: PkarrNetwork.dhtHost, subject: key.z32, timeout: timeout
            ) { try network.dhtGet(key: key) },
            try exchange.attempt(
                .pkarrRelay, "GET /\(key.z32)", host: PkarrNetwork.relayHost, subject: key.z32, timeout: timeout
            ) { try network.relayGet(key: key) },
        ]
        spent += attempts.map(\.latency).max() ?? 0
        // The cap cut the resolve short: the lookup was still waiting when it ended.
        if let cap, timeout < resolve, spent >= cap { return .timedOut }
        let confirmedMissing = attempts.contains {
            if case .failure(let error) = $0.result { return error.isNotFound }
            return false
        }
        return confirmedMissing ? .missing : .failed(BackendError.resolutionFailed(pubky: key.z32).reason)
    }

    /// One homeserver read; the request's timeout is the client's, or what is left of the cap.
    private mutating func read(_ path: String, of key: PublicKey, on homeserver: String) throws -> Step<[UInt8]> {
        let timeout = limited(exchange.timeouts.request)
        let attempt = try exchange.attempt(
            .homeserver, "GET \(path)", host: homeserver, subject: key.z32, timeout: timeout
        ) {
            try Homeserver(exchange: exchange, key: homeserver).get(user: key.z32, path: path)
        }
        spent += attempt.latency
        switch attempt.result {
        case .success(let data): return .value(data)
        case .failure(let error):
            if case .timedOut = error, timeout < exchange.timeouts.request { return .timedOut }
            return error.isNotFound ? .missing : .failed(error.reason)
        }
    }

    /// `timeout`, or what is left of the cap when that is shorter.
    private func limited(_ timeout: TimeInterval) -> TimeInterval {
        guard let cap else { return timeout }
        return min(timeout, max(0, cap - spent))
    }

    /// The document as a found profile, or why it cannot be used: too large to read, not the
    /// document's JSON, or over its fields' limits (spec/04 §12).
    private static func outcome<Document: Decodable>(
        _ type: Document.Type, _ data: [UInt8], path: String, limits: (Document) -> String?,
        _ found: (Document) -> ProfileLookup
    ) -> FollowLookup.Outcome {
        guard data.count <= BackendClient.maxProfileBytes else {
            return .failed(
                "\(path) is \(data.count) bytes, over the \(BackendClient.maxProfileBytes)-byte limit of a profile")
        }
        guard let document = try? JSONDecoder().decode(type, from: Data(data)) else {
            return .failed(
                BackendError.malformedDocument(path: path, reason: "not a valid \(type) JSON document").reason)
        }
        if let failure = limits(document) { return .failed("\(path) breaks the profile limits: \(failure)") }
        return .answered(found(document))
    }
}
