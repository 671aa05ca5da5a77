/// A Security-framework status code with its real numeric value (spec/01 §8). Any Int32 is
/// representable because the simulator can inject arbitrary statuses.
public struct OSStatus: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    public static let success = OSStatus(0)
    public static let param = OSStatus(-50)
    /// `errSecIO`: the simulator returns it when the group folder cannot be read or written.
    public static let io = OSStatus(-36)
    public static let duplicateItem = OSStatus(-25299)
    public static let itemNotFound = OSStatus(-25300)
    public static let interactionNotAllowed = OSStatus(-25308)
    public static let missingEntitlement = OSStatus(-34018)

    /// The constant's name where it has one, e.g. `errSecItemNotFound`.
    public var name: String? {
        switch rawValue {
        case 0: return "errSecSuccess"
        case -36: return "errSecIO"
        case -50: return "errSecParam"
        case -25299: return "errSecDuplicateItem"
        case -25300: return "errSecItemNotFound"
        case -25308: return "errSecInteractionNotAllowed"
        case -34018: return "errSecMissingEntitlement"
        default: return nil
        }
    }

    /// `-25300 errSecItemNotFound`, or just the number for an unnamed status.
    public var description: String { name.map { "\(rawValue) \($0)" } ?? "\(rawValue)" }

    /// Parses a decimal status or a constant name such as `errSecInteractionNotAllowed`.
    public init?(parsing text: String) {
        if let value = Int32(text) {
            self.init(value)
            return
        }
        let named: [OSStatus] = [
            .success, .io, .param, .duplicateItem, .itemNotFound, .interactionNotAllowed,
            .missingEntitlement,
        ]
        guard let match = named.first(where: { $0.name == text }) else { return nil }
        self = match
    }

    public init(from decoder: Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(Int32.self))
    }
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
