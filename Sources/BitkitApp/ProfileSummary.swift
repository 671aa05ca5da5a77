/// A loaded profile as Bitkit shows and edits it: the Paykit profile's fields, or the pubky.app
/// profile's name and bio when only that exists (spec/04 §12).
public struct ProfileSummary: Codable, Sendable, Equatable {
    public struct Link: Codable, Sendable, Equatable {
        public var label: String
        public var url: String
        public init(label: String, url: String) {
            self.label = label
            self.url = url
        }
    }

    public var name: String
    public var bio: String
    public var imageURI: String?
    public var links: [Link]
    public var tags: [String]

    public init(name: String, bio: String = "", imageURI: String? = nil, links: [Link] = [], tags: [String] = []) {
        self.name = name
        self.bio = bio
        self.imageURI = imageURI
        self.links = links
        self.tags = tags
    }
}
