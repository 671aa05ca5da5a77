import ContractNames

extension Arguments {
    /// `--platform ios|android` (any case): the platform a command's worlds are made on; the
    /// default platform when it is left out. The CLI's one reading of the option.
    public mutating func platform() throws -> Platform {
        try optionalPlatform() ?? .default
    }

    /// `--platform ios|android` when given, nil when left out (a command that then follows its world).
    public mutating func optionalPlatform() throws -> Platform? {
        try option("--platform", expecting: "ios or android") { Platform(rawValue: $0.lowercased()) }
    }
}
