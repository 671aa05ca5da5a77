import IdentitySharing

/// The adopted pubky reference (spec/01 §12): the owner app and the bare pubky as listed. It lives in
/// UserDefaults and never holds a secret.
public struct AdoptedReference: Codable, Sendable, Equatable {
    /// Always `app.pubkyring` in practice.
    public var sourceApp: String
    /// The bare pubky exactly as Ring's account names it.
    public var pubky: String

    public init(sourceApp: String, pubky: String) {
        self.sourceApp = sourceApp
        self.pubky = pubky
    }
}

extension AdoptedReference {
    /// The shared identity the reference names.
    public var identity: SharedIdentity { SharedIdentity(pubky: pubky, sourceApp: sourceApp) }
}
