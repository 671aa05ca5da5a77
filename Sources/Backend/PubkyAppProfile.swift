/// The pubky.app profile at `/pub/pubky.app/profile.json` that Ring reads (spec/04 §12).
public struct PubkyAppProfile: Codable, Sendable, Equatable {
    /// One link.
    public struct Link: Codable, Sendable, Equatable {
        public var title: String
        public var url: String

        public init(title: String, url: String) {
            self.title = title
            self.url = url
        }
    }

    /// The name (3–50 characters; empty counts as no profile).
    public var name: String
    /// Up to 160 characters.
    public var bio: String?
    /// An image URL of up to 300 characters.
    public var image: String?
    /// Up to 5 links.
    public var links: [Link]?
    /// Up to 50 characters.
    public var status: String?

    /// A profile.
    public init(
        name: String, bio: String? = nil, image: String? = nil, links: [Link]? = nil,
        status: String? = nil
    ) {
        self.name = name
        self.bio = bio
        self.image = image
        self.links = links
        self.status = status
    }

    /// The profile path.
    public static let path = "/pub/pubky.app/profile.json"

    /// Why the profile breaks the pubky.app limits, or nil when it is valid.
    public var validationFailure: String? {
        if !(3...50).contains(name.count) { return "name must be 3–50 characters" }
        if let bio, bio.count > 160 { return "bio is longer than 160 characters" }
        if let image, image.count > 300 { return "image is longer than 300 characters" }
        if let links, links.count > 5 { return "more than 5 links" }
        if let status, status.count > 50 { return "status is longer than 50 characters" }
        return nil
    }
}
