/// One identity the device currently shares, as a neutral inspector shows it (`simctl sharing
/// list`, `expect records`, the run report, the audit): on iOS an item of the shared group.
public struct SharedRecord: Codable, Sendable, Equatable {
    /// `<owner>:<pubky>` (on iOS the item's account, whatever its prefix).
    public var record: String
    /// The known owner prefix, or nil for a record no app owns.
    public var owner: String?
    /// Who wrote it: an app's bundle id, or `simctl` for a record injected on purpose.
    public var writer: String
    /// Whether it holds the secret of its pubky (64 lowercase hex that derives it); nil for a
    /// record no app owns.
    public var validSecret: Bool?
    /// The platform's own facts about it (iOS: `service`, `accessibility`, `synchronizable`).
    public var platform: [String: String]
    /// The stored secret, only when asked for.
    public var secret: String?
    /// The raw stored bytes (never encoded), for checks that look for secrets.
    public var bytes: [UInt8]

    public init(
        record: String, owner: String?, writer: String, validSecret: Bool?, platform: [String: String], secret: String?,
        bytes: [UInt8]
    ) {
        self.record = record
        self.owner = owner
        self.writer = writer
        self.validSecret = validSecret
        self.platform = platform
        self.secret = secret
        self.bytes = bytes
    }

    enum CodingKeys: String, CodingKey { case record, owner, writer, validSecret, platform, secret }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        record = try container.decode(String.self, forKey: .record)
        owner = try container.decodeIfPresent(String.self, forKey: .owner)
        writer = try container.decode(String.self, forKey: .writer)
        validSecret = try container.decodeIfPresent(Bool.self, forKey: .validSecret)
        platform = try container.decode([String: String].self, forKey: .platform)
        secret = try container.decodeIfPresent(String.self, forKey: .secret)
        bytes = []
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(record, forKey: .record)
        try container.encodeIfPresent(owner, forKey: .owner)
        try container.encode(writer, forKey: .writer)
        try container.encodeIfPresent(validSecret, forKey: .validSecret)
        try container.encode(platform, forKey: .platform)
        try container.encodeIfPresent(secret, forKey: .secret)
    }
}
