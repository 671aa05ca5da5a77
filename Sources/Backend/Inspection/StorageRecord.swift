import Foundation

/// `simctl backend show storage`: one stored file.
public struct StorageRecord: Codable, Sendable, Equatable {
    public var homeserver: String
    public var pubky: String
    public var path: String
    public var size: Int
    public var updatedAt: Date
    /// The app that wrote it.
    public var updatedBy: String
    /// The content when it is UTF-8 text of at most 4 KiB.
    public var text: String?
}
