/// A pubky one app shares with the other, named by its owner: `app.pubkyring`, or the prefix of
/// the Bitkit flavour that shares it (`to.bitkit`, `to.bitkit.tnet`, `to.bitkit.dev`).
public struct SharedIdentity: Codable, Sendable, Equatable, Hashable {
    public var pubky: String
    /// The owner prefix (the record's "source app").
    public var sourceApp: String

    public init(pubky: String, sourceApp: String) {
        self.pubky = pubky
        self.sourceApp = sourceApp
    }

    /// `<owner>:<pubky>`: how every inspector, the journal and the audit name the shared record.
    public var record: String { "\(sourceApp):\(pubky)" }
}
