import ContractNames

/// Which build of an app is installed. Only Bitkit has an older build worth simulating: the one from
/// before the shared-keychain feature, to seed a "profile created before this update" state with the
/// app itself rather than by editing its storage (spec/06 §14).
public enum AppBuild: String, Codable, Sendable, CaseIterable {
    /// The build the specs describe.
    case current
    /// Bitkit before the shared keychain: no shared group entitlement, no shared records, no Pubky
    /// Choice (Profile goes straight to Create Profile), and it still registers `pubkyauth`.
    case preSharedKeys = "pre-shared-keys"

    /// Whether `app` has this build.
    public func exists(for app: AppKind) -> Bool { self == .current || app == .bitkit }

    /// Whether the build knows the shared keychain group at all.
    public var sharesKeys: Bool { self == .current }
}
