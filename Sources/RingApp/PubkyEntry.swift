/// One pubky Ring lists (spec/03 §1): owned when Ring stores its secret, adopted ("Bitkit pubky")
/// when `sourceApp` names the Bitkit prefix it uses by reference.
public struct PubkyEntry: Codable, Sendable, Equatable {
    public var pubky: String
    /// `''` until the user names it; displayed as `pubky #<index+1>` meanwhile.
    public var name: String
    public var homeserver: String
    public var signedUp: Bool
    public var signupToken: String
    public var image: String
    public var sessions: [RingSessionRecord]
    public var backupPreference: BackupPreference
    public var isBackedUp: Bool
    /// The Bitkit source app of an adopted entry; nil for owned ones.
    public var sourceApp: String?

    /// A fresh owned entry with the defaults of spec/03 §1.
    public static func owned(_ pubky: String, name: String = "") -> PubkyEntry {
        PubkyEntry(
            pubky: pubky, name: name, homeserver: "", signedUp: false, signupToken: "", image: "", sessions: [],
            backupPreference: .encryptedFile, isBackedUp: false, sourceApp: nil)
    }

    /// An adopted entry (spec/03 §5 step 3).
    public static func adopted(_ pubky: String, sourceApp: String, name: String, homeserver: String) -> PubkyEntry {
        PubkyEntry(
            pubky: pubky, name: name, homeserver: homeserver, signedUp: !homeserver.isEmpty, signupToken: "",
            image: "", sessions: [], backupPreference: .unknown, isBackedUp: true, sourceApp: sourceApp)
    }

    public init(
        pubky: String, name: String, homeserver: String, signedUp: Bool, signupToken: String, image: String,
        sessions: [RingSessionRecord], backupPreference: BackupPreference, isBackedUp: Bool, sourceApp: String?
    ) {
        self.pubky = pubky
        self.name = name
        self.homeserver = homeserver
        self.signedUp = signedUp
        self.signupToken = signupToken
        self.image = image
        self.sessions = sessions
        self.backupPreference = backupPreference
        self.isBackedUp = isBackedUp
        self.sourceApp = sourceApp
    }

    /// An adopted Bitkit pubky.
    public var isAdopted: Bool { sourceApp != nil }

    /// "Can authorize" = signed up or adopted.
    public var canAuthorize: Bool { signedUp || sourceApp != nil }

    /// The name, or `pubky #<index+1>` while it is empty.
    public func displayName(index: Int) -> String { name.isEmpty ? "pubky #\(index + 1)" : name }
}
