import Foundation

/// The world's network conditions, stored in the `knobs` table so every process sees the same world.
/// Defaults are spec/04 §1: DHT reachable within 0.5 s, relays answer a found record in 0.2 s and a
/// missing one with 404 after 3.5 s, Homegate answers 200 with staging codes, every homeserver healthy.
public struct BackendKnobs: Codable, Sendable, Equatable {
    /// Whether the DHT can be reached at all; when false DHT queries never answer.
    public var dhtReachable: Bool
    /// How long a reachable DHT takes to answer (found or not).
    public var dhtLatency: TimeInterval
    /// How long a relay takes to return a record it holds.
    public var relayFoundLatency: TimeInterval
    /// How long a relay takes to answer 404 for a key it does not hold.
    public var relayNotFoundLatency: TimeInterval
    /// The HTTP status of `POST /ip_verification`; 0 means no HTTP response at all.
    public var homegateStatus: Int
    /// The homeserver Homegate issues signup codes for.
    public var homegateHomeserver: String
    /// Homeservers that accept no connections.
    public var homeserversDown: Set<String>
    /// Homeservers whose storage reads answer HTTP 500 while sign-in and writes still work.
    public var storageReadFaults: Set<String>
    /// A what-if for tests: the PKARR resolve timeout every app's client uses instead of its own
    /// (the real clients' 2 s, `BackendTimeouts`); nil keeps the clients' value.
    public var resolveTimeout: TimeInterval?
    /// Users whose homeserver reads (a file or a listing of their data) take this many seconds instead
    /// of the homeserver's usual 0.05 s (`simctl net read-latency`, spec/09 §1.5), by bare key.
    public var readLatencies: [String: TimeInterval]

    /// The default world conditions.
    public init(
        dhtReachable: Bool = true, dhtLatency: TimeInterval = 0.5,
        relayFoundLatency: TimeInterval = 0.2,
        relayNotFoundLatency: TimeInterval = 3.5, homegateStatus: Int = 200,
        homegateHomeserver: String = KnownHomeservers.staging,
        homeserversDown: Set<String> = [], storageReadFaults: Set<String> = [], resolveTimeout: TimeInterval? = nil,
        readLatencies: [String: TimeInterval] = [:]
    ) {
        self.dhtReachable = dhtReachable
        self.dhtLatency = dhtLatency
        self.relayFoundLatency = relayFoundLatency
        self.relayNotFoundLatency = relayNotFoundLatency
        self.homegateStatus = homegateStatus
        self.homegateHomeserver = homegateHomeserver
        self.homeserversDown = homeserversDown
        self.storageReadFaults = storageReadFaults
        self.resolveTimeout = resolveTimeout
        self.readLatencies = readLatencies
    }

    /// The knobs as `name → text` rows of the `knobs` table.
    var rows: [(String, String)] {
        [
            ("dht_reachable", dhtReachable ? "1" : "0"),
            ("dht_latency", String(dhtLatency)),
            ("relay_found_latency", String(relayFoundLatency)),
            ("relay_not_found_latency", String(relayNotFoundLatency)),
            ("homegate_status", String(homegateStatus)),
            ("homegate_homeserver", homegateHomeserver),
            ("homeservers_down", homeserversDown.sorted().joined(separator: ",")),
            ("storage_read_faults", storageReadFaults.sorted().joined(separator: ",")),
            ("resolve_timeout", resolveTimeout.map { String($0) } ?? ""),
            (
                "read_latencies",
                readLatencies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            ),
        ]
    }

    /// Rebuilds knobs from table rows; absent or unreadable rows keep their defaults.
    init(rows: [String: String]) {
        self.init()
        func set(_ text: String?) -> Set<String> {
            Set((text ?? "").split(separator: ",").map(String.init).filter { !$0.isEmpty })
        }
        if let value = rows["dht_reachable"] { dhtReachable = value == "1" }
        if let value = rows["dht_latency"].flatMap(Double.init) { dhtLatency = value }
        if let value = rows["relay_found_latency"].flatMap(Double.init) { relayFoundLatency = value }
        if let value = rows["relay_not_found_latency"].flatMap(Double.init) {
            relayNotFoundLatency = value
        }
        if let value = rows["homegate_status"].flatMap({ Int($0) }) { homegateStatus = value }
        if let value = rows["homegate_homeserver"], !value.isEmpty { homegateHomeserver = value }
        if rows["homeservers_down"] != nil { homeserversDown = set(rows["homeservers_down"]) }
        if rows["storage_read_faults"] != nil { storageReadFaults = set(rows["storage_read_faults"]) }
        if let value = rows["resolve_timeout"].flatMap(Double.init), value.isFinite, value >= 0 {
            resolveTimeout = value
        }
        // `key=seconds` pairs; an unreadable pair is skipped like any unreadable row.
        for pair in (rows["read_latencies"] ?? "").split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let seconds = Double(parts[1]), seconds.isFinite, seconds >= 0 else { continue }
            readLatencies[String(parts[0])] = seconds
        }
    }

    /// The client's timeouts with the world's what-if applied.
    func applied(to timeouts: BackendTimeouts) -> BackendTimeouts {
        guard let resolveTimeout else { return timeouts }
        var changed = timeouts
        changed.resolve = resolveTimeout
        return changed
    }

    static func load(_ database: Database) throws -> BackendKnobs {
        let rows = try database.query("SELECT name, value FROM knobs") { ($0.text(0), $0.text(1)) }
        return BackendKnobs(rows: Dictionary(rows, uniquingKeysWith: { _, last in last }))
    }

    func save(_ database: Database) throws {
        for (name, value) in rows {
            try database.run(
                "INSERT INTO knobs(name, value) VALUES(?1, ?2) ON CONFLICT(name) DO UPDATE SET value = ?2",
                [.text(name), .text(value)])
        }
    }
}
