import Foundation

/// Bitkit's profile document at `/pub/<namespace>/profile.json` (spec/04 §12).
public struct PaykitProfile: Codable, Sendable, Equatable {
    /// One link of the profile.
    public struct Link: Codable, Sendable, Equatable {
        public var label: String
        public var url: String

        public init(label: String, url: String) {
            self.label = label
            self.url = url
        }
    }

    /// What Bitkit keeps inside `extra`.
    public struct Extra: Codable, Sendable, Equatable {
        public var name: String?
        public var bio: String?
        public var image: String?
        public var links: [Link]?
        public var tags: [String]?

        public init(
            name: String? = nil, bio: String? = nil, image: String? = nil, links: [Link]? = nil,
            tags: [String]? = nil
        ) {
            self.name = name
            self.bio = bio
            self.image = image
            self.links = links
            self.tags = tags
        }
    }

    /// Always 1.
    public var version: Int
    /// Always `paykit.profile`.
    public var kind: String
    /// The shown name (≤ 128 characters).
    public var displayName: String
    /// The avatar URI (≤ 2048 characters), or nil.
    public var imageURI: String?
    /// Bitkit's extra fields (≤ 16 KiB encoded).
    public var extra: Extra

    /// A version-1 profile.
    public init(displayName: String, imageURI: String? = nil, extra: Extra = Extra()) {
        self.version = 1
        self.kind = "paykit.profile"
        self.displayName = displayName
        self.imageURI = imageURI
        self.extra = extra
    }

    enum CodingKeys: String, CodingKey {
        case version
        case kind
        case displayName = "display_name"
        case imageURI = "image_uri"
        case extra
    }

    /// Decodes leniently: a missing `image_uri` is null and a missing `extra` is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        kind = try container.decode(String.self, forKey: .kind)
        displayName = try container.decode(String.self, forKey: .displayName)
        imageURI = try container.decodeIfPresent(String.self, forKey: .imageURI)
        extra = try container.decodeIfPresent(Extra.self, forKey: .extra) ?? Extra()
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(kind, forKey: .kind)
        try container.encode(displayName, forKey: .displayName)
        // `image_uri` is always present: a string or null.
        try container.encode(imageURI, forKey: .imageURI)
        try container.encode(extra, forKey: .extra)
    }

    /// The path of the profile in `namespace` (`bitkit.to` on mainnet, `staging.bitkit.to` elsewhere).
    public static func path(namespace: String) -> String { "/pub/\(namespace)/profile.json" }

    /// Why the profile breaks spec/04 §12's limits, or nil when it is valid.
    public var validationFailure: String? {
        if version != 1 { return "version must be 1" }
        if kind != "paykit.profile" { return "kind must be paykit.profile" }
        if displayName.count > 128 { return "display_name is longer than 128 characters" }
        if let imageURI, imageURI.count > 2048 { return "image_uri is longer than 2048 characters" }
        let texts =
            [displayName, imageURI ?? "", extra.name ?? "", extra.bio ?? "", extra.image ?? ""]
            + (extra.tags ?? []) + (extra.links ?? []).flatMap { [$0.label, $0.url] }
        if texts.contains(where: Self.hasControlCharacters) {
            return "text contains control characters"
        }
        if let encoded = try? JSONEncoder().encode(extra), encoded.count > 16 * 1024 {
            return "extra is larger than 16 KiB"
        }
        return nil
    }

    private static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
