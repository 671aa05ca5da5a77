import Foundation

/// Everything the backend can refuse or fail with. World-database failures (`isBrokenWorld`) mean the
/// world itself is unusable (the CLI exits 3); the others are what a real app would see from the network.
public enum BackendError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No backend database exists at the path.
    case databaseMissing(path: String)
    /// `Backend.create` found a file already there and left it alone.
    case databaseExists(path: String)
    /// A new database could not be created at the path.
    case cannotCreate(path: String, reason: String)
    /// The file is not a readable backend database (garbage, damaged, or another program's database).
    case databaseCorrupt(path: String, reason: String)
    /// The database was written by a newer simulator with a schema this build does not know.
    case schemaTooNew(path: String, found: Int, supported: Int)
    /// An unexpected failure of a healthy database.
    case database(SQLiteError)
    /// The calling app has no network connection; nothing was sent.
    case offline(app: String)
    /// The service did not answer within the client's timeout.
    case timedOut(service: BackendService, host: String, after: TimeInterval)
    /// No connection could be made to the service (it is down), so there is no HTTP status.
    case unreachable(service: BackendService, host: String)
    /// The service answered with an HTTP error status and reason text.
    case http(service: BackendService, host: String, status: Int, reason: String)
    /// The user's homeserver could not be found: no `_pubky` record resolved for the key.
    case noHomeserver(pubky: String)
    /// A PKARR resolution could not conclude (every source timed out or failed).
    case resolutionFailed(pubky: String)
    /// The caller passed something malformed (a session string, a path, a link, a key).
    case invalidInput(String)
    /// A stored document exists but cannot be decoded.
    case malformedDocument(path: String, reason: String)
    /// A failure that is a bug in the simulator rather than a condition of the world.
    case internalFailure(String)

    /// True when the world's database is missing, unreadable or too new: the CLI maps this to exit 3.
    public var isBrokenWorld: Bool {
        switch self {
        case .databaseMissing, .databaseExists, .cannotCreate, .databaseCorrupt, .schemaTooNew:
            return true
        case .database(let error): return error.kind == .corrupt || error.kind == .notADatabase
        default: return false
        }
    }

    /// True for failures of the network path (offline, timeout, no connection, server errors ≥ 500):
    /// a client cannot conclude anything about the data from them.
    public var isTransport: Bool {
        switch self {
        case .offline, .timedOut, .unreachable, .resolutionFailed: return true
        case .http(_, _, let status, _): return status >= 500
        default: return false
        }
    }

    /// The HTTP status when a service answered with one.
    public var status: Int? {
        if case .http(_, _, let status, _) = self { return status }
        return nil
    }

    /// True for an HTTP 404 or 410 answer, which clients treat as "not found".
    public var isNotFound: Bool { status == 404 || status == 410 }

    /// The short reason an app shows after `Authentication failed: ` (the server's text where it gave one).
    public var reason: String {
        switch self {
        case .http(_, _, _, let reason): return reason
        case .offline: return "The Internet connection appears to be offline"
        case .timedOut(let service, _, _): return "\(service.displayName) request timed out"
        case .unreachable(let service, let host):
            return "Could not connect to \(service.displayName) \(host)"
        case .noHomeserver(let pubky): return "No homeserver record found for \(pubky)"
        case .resolutionFailed(let pubky): return "Could not resolve the PKARR record of \(pubky)"
        case .invalidInput(let text): return text
        case .malformedDocument(let path, let reason): return "Malformed document at \(path): \(reason)"
        default: return description
        }
    }

    public var description: String {
        switch self {
        case .databaseMissing(let path):
            return "No backend database exists at \(path); create the world first (simctl init)."
        case .databaseExists(let path):
            return "A backend database already exists at \(path); it was left untouched."
        case .cannotCreate(let path, let reason):
            return "Could not create the backend database at \(path): \(reason)."
        case .databaseCorrupt(let path, let reason):
            return "The backend database at \(path) is unreadable (\(reason)); it was left untouched. "
                + "Restore it or create a new world."
        case .schemaTooNew(let path, let found, let supported):
            return "The backend database at \(path) has schema version \(found), but this build supports "
                + "up to \(supported); use a newer simulator."
        case .database(let error):
            return "The backend database failed: \(error.description)"
        case .offline(let app):
            return "The app \(app) is offline, so the request was not sent."
        case .timedOut(let service, let host, let after):
            return "The \(service.displayName) \(host) did not answer within \(Self.seconds(after))."
        case .unreachable(let service, let host):
            return "Could not connect to the \(service.displayName) \(host): it is offline."
        case .http(let service, let host, let status, let reason):
            return "The \(service.displayName) \(host) answered HTTP \(status): \(reason)."
        case .noHomeserver(let pubky):
            return "No homeserver record was found for \(pubky), so there is no homeserver to contact."
        case .resolutionFailed(let pubky):
            return "The PKARR lookup of \(pubky) got no usable answer from the DHT or the relays in time."
        case .invalidInput(let text):
            return "Invalid input: \(text)."
        case .malformedDocument(let path, let reason):
            return "The document at \(path) could not be read: \(reason)."
        case .internalFailure(let text):
            return "The simulated backend failed unexpectedly: \(text)."
        }
    }

    static func seconds(_ value: TimeInterval) -> String {
        let text = String(format: "%.3f", value)
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return "\(trimmed) s"
    }
}
