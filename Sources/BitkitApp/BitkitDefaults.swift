/// Bitkit's UserDefaults (spec/02 §3): a sandbox document, so uninstall removes it while keychain
/// items survive. Nothing secret is ever stored here.
public struct BitkitDefaults: Codable, Sendable, Equatable {
    /// The key names. The reference and profile-cache keys are the real app's; the others are
    /// simulator-defined (spec/02 §3).
    public enum Key {
        public static let adoptedSourceApp = "adoptedPubkySourceApp"
        public static let adoptedPubky = "adoptedPubkyPubky"
        public static let profileName = "pubky_profile_name"
        public static let profileImageURI = "pubky_profile_image_uri"
        public static let profileSetupPending = "pubky_profile_setup_pending"
        public static let installMarker = "bitkit_install_marker"
        public static let paykitUI = "dev_paykit_ui_enabled"
        public static let profileIntroSeen = "pubky_profile_intro_seen"
        public static let publicEndpoints = "paykit_public_endpoints_enabled"
        public static let privateEndpoints = "paykit_private_endpoints_enabled"
        public static let contactPaymentsConfirmed = "paykit_contact_payments_confirmed"
        public static let cachedPublicBolt11 = "paykit_cached_public_bolt11"
        public static let backupChanged = "backup_state_changed"
        /// Prefix of per-contact display overrides.
        public static let contactOverridePrefix = "paykit_contact_override_"
        /// The Paykit sharing flags cleared by clearLocalAppState and Delete Profile.
        public static let sharingFlags = [
            publicEndpoints, privateEndpoints, contactPaymentsConfirmed, cachedPublicBolt11,
        ]
    }

    /// Every stored value by key.
    public var values: [String: DefaultsValue]

    public init(values: [String: DefaultsValue] = [:]) { self.values = values }

    public init(from decoder: Decoder) throws {
        values = try decoder.singleValueContainer().decode([String: DefaultsValue].self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }

    public func bool(_ key: String) -> Bool {
        if case .bool(let value) = values[key] { return value }
        return false
    }

    public func string(_ key: String) -> String? {
        if case .string(let value) = values[key] { return value }
        return nil
    }

    public mutating func set(_ key: String, _ value: Bool) { values[key] = .bool(value) }

    public mutating func set(_ key: String, _ value: String?) { values[key] = value.map { .string($0) } }

    public mutating func remove(_ key: String) { values[key] = nil }

    /// The adopted reference; both keys must be present (spec/01 §12).
    public var reference: AdoptedReference? {
        get {
            guard let source = string(Key.adoptedSourceApp), let pubky = string(Key.adoptedPubky),
                !source.isEmpty, !pubky.isEmpty
            else { return nil }
            return AdoptedReference(sourceApp: source, pubky: pubky)
        }
        set {
            // Clearing removes both keys.
            set(Key.adoptedSourceApp, newValue?.sourceApp)
            set(Key.adoptedPubky, newValue?.pubky)
        }
    }

    public var paykitUIEnabled: Bool {
        get { bool(Key.paykitUI) }
        set { set(Key.paykitUI, newValue) }
    }

    public var profileIntroSeen: Bool {
        get { bool(Key.profileIntroSeen) }
        set { set(Key.profileIntroSeen, newValue) }
    }

    public var installMarker: Bool {
        get { bool(Key.installMarker) }
        set { newValue ? set(Key.installMarker, true) : remove(Key.installMarker) }
    }

    public var profileSetupPending: Bool {
        get { bool(Key.profileSetupPending) }
        set { newValue ? set(Key.profileSetupPending, true) : remove(Key.profileSetupPending) }
    }

    public var cachedName: String? {
        get { string(Key.profileName) }
        set { set(Key.profileName, newValue) }
    }

    public var cachedImageURI: String? {
        get { string(Key.profileImageURI) }
        set { set(Key.profileImageURI, newValue) }
    }

    /// Turns every Paykit sharing flag off and drops the cached invoice and contact overrides.
    public mutating func clearPaykitSharing() {
        for key in Key.sharingFlags { remove(key) }
        for key in values.keys where key.hasPrefix(Key.contactOverridePrefix) { remove(key) }
    }
}
