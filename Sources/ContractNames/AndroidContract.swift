/// Constants of the Android sharing contract (spec/07 §1–§5): provider authorities, paths, columns,
/// permissions, the private-store key names and the texts callers see.
public enum AndroidContract {
    public static let authoritySuffix = ".sharedpubky"
    public static let pathIdentities = "v1/identities"
    public static let pathCredential = "credential"
    public static let columnPubky = "pubky"
    public static let columnSecretKey = "secret_key"
    /// Ring's package (spec/07 §1.2); never the older `to.pubky.ring`.
    public static let ringPackage = SharedContract.ringSourceApp
    /// The three Bitkit flavour packages in the order Ring visits them (spec/07 §1.1, §5).
    public static let bitkitPackages = SharedContract.bitkitSourceApps
    /// The prefix of Bitkit's adoption reference `SHARED_PUBKY_SOURCE` (spec/07 §6.1).
    public static let ringSourcePrefix = ringPackage + ":"

    /// `<package>.sharedpubky`.
    public static func authority(of package: String) -> String { package + authoritySuffix }
    /// `<package>.permission.READ_SHARED_PUBKY`, protection level `signature` (spec/07 §1.4).
    public static func permission(of package: String) -> String { package + ".permission.READ_SHARED_PUBKY" }
    /// The credential path of `pubky`, neither encoded nor normalised (spec/07 §5).
    public static func credentialPath(_ pubky: String) -> String { "\(pathIdentities)/\(pubky)/\(pathCredential)" }
    /// `content://<authority>/<path>`.
    public static func uri(authority: String, path: String) -> String { "content://\(authority)/\(path)" }

    /// Bitkit's private keychain keys on Android (spec/07 §6.1), by their iOS names.
    public static let bitkitKeyNames: [String: String] = [
        BitkitStoreKey.secretKey: "PUBKY_SECRET_KEY", BitkitStoreKey.session: "PAYKIT_SESSION",
    ]
    /// Bitkit's adoption reference, `app.pubkyring:<bare pubky>` (replaces two UserDefaults keys).
    public static let sharedPubkySource = "SHARED_PUBKY_SOURCE"
    /// Ring's encrypted mirror of its own secrets (SharedPreferences, spec/07 §3).
    public static let ringStoreName = "shared_pubky"
    /// The `detail` of a `simctl provider put|remove|corrupt` journal entry, `shared_pubky <pubky>`:
    /// the audit reads back from it which entries a tool planted.
    public static func storeEntryDetail(_ pubky: String) -> String { "\(ringStoreName) \(pubky)" }

    // MARK: Texts (spec/07 §1.4, §2–§4)

    /// The system's denial when the caller lacks the provider's permission (text assumed).
    public static func permissionDenial(authority: String, permission: String) -> String {
        "Permission Denial: reading \(authority) requires \(permission)"
    }
    public static let bitkitCallerMismatch = "Caller signature mismatch"
    public static let ringCallerMismatch = "Caller is not signed with the Pubky Ring certificate"
    public static let ringProviderUnavailable = "Ring provider unavailable"
    public static let ringIdentitiesNoCursor = "Ring identities query returned no cursor"
    public static let ringCredentialUnavailable = "Ring credential unavailable"
    public static let ringCredentialNoCursor = "Ring credential query returned no cursor"
    public static let readOnly = "UnsupportedOperationException: the shared pubky provider is read-only"
}
