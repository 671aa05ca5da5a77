/// The named failures `simctl fault sdk --app APP NAME` can force on an app's SDK or service calls,
/// for paths the backend's knobs cannot reach. Each app lists its own as one enum.
public protocol SDKFaultName: RawRepresentable, CaseIterable, Sendable, Hashable where RawValue == String {
    /// One sentence on which call fails and how.
    var summary: String { get }
}
