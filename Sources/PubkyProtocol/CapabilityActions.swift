/// The actions a capability grants; rendered in the fixed order `r` then `w` (spec/04 §5.1).
public struct CapabilityActions: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `r`: read.
    public static let read = CapabilityActions(rawValue: 1)
    /// `w`: write.
    public static let write = CapabilityActions(rawValue: 2)
    /// `rw`.
    public static let readWrite: CapabilityActions = [.read, .write]

    /// Parses action letters; duplicates are merged, nil on any letter other than `r` or `w`.
    public init?(letters: Substring) {
        var actions: CapabilityActions = []
        for letter in letters {
            switch letter {
            case "r": actions.insert(.read)
            case "w": actions.insert(.write)
            default: return nil
            }
        }
        self = actions
    }

    public var description: String {
        (contains(.read) ? "r" : "") + (contains(.write) ? "w" : "")
    }
}
