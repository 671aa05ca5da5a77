import Foundation

/// A result together with the time the call would have taken on a real network. Latency is simulated:
/// the call returned at once; callers compare `latency` with their own deadlines.
public struct BackendReply<Value> {
    /// The result.
    public let value: Value
    /// Simulated seconds the whole call took.
    public let latency: TimeInterval

    /// A reply.
    public init(value: Value, latency: TimeInterval) {
        self.value = value
        self.latency = latency
    }
}

extension BackendReply: Sendable where Value: Sendable {}
extension BackendReply: Equatable where Value: Equatable {}
