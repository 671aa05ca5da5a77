import Foundation

/// The x-callback return targets a link may carry; only Ring uses them (spec/03 §11).
public struct XCallbacks: Hashable, Sendable {
    /// The parameter names that carry callbacks.
    public static let names: Set<String> = ["x-success", "x-error", "x-cancel", "x-source", "callback"]

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

    /// The callbacks of `text` as received, before any clean-up: its query (after the first `?`, up to a
    /// `#`) is split on `&` and each callback value is percent-decoded exactly once. A callback URL with
    /// its own `?`, `=` and `&` arrives encoded, so it comes back byte for byte — the clean-up's
    /// repeated decoding would cut it at its first `&`. Nil when `text` has no literal `?` (a wholly
    /// encoded input, whose callbacks only the cleaned text can give).
    public init?(decodingOnce text: String) {
        guard let question = text.firstIndex(of: "?") else { return nil }
        var query = text[text.index(after: question)...]
        if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
        var values: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let equals = pair.firstIndex(of: "=")
            let rawName = pair[..<(equals ?? pair.endIndex)]
            let name = rawName.removingPercentEncoding ?? String(rawName)
            guard Self.names.contains(name), values[name] == nil else { continue }
            let rawValue = equals.map { String(pair[pair.index(after: $0)...]) } ?? ""
            // An undecodable value (a stray `%`) is kept as written rather than dropped.
            values[name] = rawValue.removingPercentEncoding ?? rawValue
        }
        self.init(parameters: values)
    }

    /// True when no callback is present.
    public var isEmpty: Bool { success == nil && error == nil && cancel == nil && source == nil }
}
