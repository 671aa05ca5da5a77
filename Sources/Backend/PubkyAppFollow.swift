/// A follow as pubky.app stores it (pubky-app-specs, spec/09 §1.1): the file
/// `/pub/pubky.app/follows/<key>`, named after the followed bare key, holding `{"created_at": µs}`.
public struct PubkyAppFollow: Codable, Sendable, Equatable {
    /// When the follow was made, in microseconds since the Unix epoch.
    public var createdAt: Int64

    public init(createdAt: Int64) { self.createdAt = createdAt }

    enum CodingKeys: String, CodingKey {
        case createdAt = "created_at"
    }

    /// The folder of a user's follows.
    public static let directory = "/pub/pubky.app/follows/"

    /// The file of the follow named `name` (a key as spelled).
    public static func path(of name: String) -> String { directory + name }
}
