/// A named point where an app awaits (DESIGN §6): the other app can interleave there, `simctl
/// break` can hold it, and the race harness schedules it. Each app lists its points as one enum.
public protocol AppCheckpoint: RawRepresentable, CaseIterable, Sendable, Hashable where RawValue == String {
    /// One sentence on where the point is and what happens next.
    var sentence: String { get }
}

extension AppCheckpoint {
    /// The checkpoint named `name`, or nil when the app has no such point.
    public static func named(_ name: String) -> Self? { Self(rawValue: name) }
}
