/// A failed call to the outside world, as the app sees it: a reason text (shown after
/// `Authentication failed: `) and the few facts the app branches on.
public struct ServiceFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The short reason, e.g. the server's error text.
    public var reason: String
    /// The HTTP status when a service answered with one.
    public var status: Int?
    /// A 404/410 answer: the thing asked for does not exist.
    public var isNotFound: Bool
    /// Offline, timed out, unreachable or a server error: nothing can be concluded about the data.
    public var isTransport: Bool

    public init(reason: String, status: Int? = nil, isNotFound: Bool = false, isTransport: Bool = false) {
        self.reason = reason
        self.status = status
        self.isNotFound = isNotFound
        self.isTransport = isTransport
    }

    /// A failure forced by an SDK fault (`simctl` / `DeviceStore.sdkFaults`).
    public static func sdkFault(_ name: String) -> ServiceFailure {
        ServiceFailure(reason: "Simulated SDK failure (\(name))")
    }

    /// Whether the error asks for a session refresh (spec/02 §21).
    public var needsSessionRefresh: Bool {
        let text = reason.lowercased()
        return text.contains("authfailed") || text.contains("authentication failed")
            || text.contains("sessionnotactive") || (text.contains("transport error") && text.contains("/session"))
            || status == 401
    }

    public var description: String { reason }
}
