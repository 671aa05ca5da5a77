/// Why a tap by id or label (`tap ID`, `tap --label TEXT`, spec/08 §2.2 rows 1–2) did nothing; both
/// apps refuse alike, naming themselves.
public enum TapRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    case notShown(String, app: String)
    case disabled(String)
    case noLabel(String, app: String)
    case notSimulated(String, reason: String)

    public var description: String {
        switch self {
        case .notShown(let id, let app): "no element '\(id)' on \(app)'s current screen"
        case .disabled(let id): "'\(id)' is disabled"
        case .noLabel(let label, let app): "nothing labelled \"\(label)\" on \(app)'s current screen"
        case .notSimulated(let id, let reason): "'\(id)' is shown but tapping it is not simulated: \(reason)"
        }
    }
}

extension Screen {
    /// The id of the first row or button (the sheet's first, as it is on top) whose label or title is
    /// exactly `label`, as a tap by visible label finds it.
    public func id(labelled label: String, app: String) throws(TapRefusal) -> String {
        let candidates =
            (sheet.map { $0.buttons.map { ($0.id, $0.label) } + $0.rows.map { ($0.id, $0.title) } } ?? [])
            + buttons.map { ($0.id, $0.label) } + rows.map { ($0.id, $0.title) }
        guard let found = candidates.first(where: { $0.1 == label }) else { throw .noLabel(label, app: app) }
        return found.0
    }
}

/// What a tap names: an element's id, or its exact visible label (`tap ID` / `tap --label TEXT`).
public enum TapTarget: Sendable, Equatable {
    case id(String)
    case label(String)

    /// The id this target taps on `screen`.
    public func id(on screen: Screen, app: String) throws(TapRefusal) -> String {
        switch self {
        case .id(let id): id
        case .label(let label): try screen.id(labelled: label, app: app)
        }
    }
}
