/// The x-callback return targets a link may carry; only Ring uses them (spec/03 §11).
public struct XCallbacks: Hashable, Sendable {
    /// `x-success`, or the legacy `callback` when `x-success` is absent.
    public let success: String?
    /// `x-error`.
    public let error: String?
    /// `x-cancel`.
    public let cancel: String?
    /// `x-source`: the requesting app's name, shown in Ring's confirm title.
    public let source: String?

    /// Callbacks with the given targets.
    public init(
        success: String? = nil, error: String? = nil, cancel: String? = nil, source: String? = nil
    ) {
        self.success = success
        self.error = error
        self.cancel = cancel
        self.source = source
    }

    /// Picks the callbacks out of already percent-decoded link parameters.
    public init(parameters: [String: String]) {
        self.init(
            success: parameters["x-success"] ?? parameters["callback"], error: parameters["x-error"],
            cancel: parameters["x-cancel"], source: parameters["x-source"])
    }

    /// True when no callback is present.
    public var isEmpty: Bool { success == nil && error == nil && cancel == nil && source == nil }
}
