import Foundation

// PUBLIC API CONTRACT — implemented by the keychain work; callers (Device, apps, simctl) rely on it.

/// One generic-password item as stored in a group folder.
public struct KeychainItem: Codable, Sendable, Equatable {
    public var accessGroup: String
    public var service: String
    public var account: String
    /// The value bytes (`kSecValueData`); empty when a query asked for attributes only.
    public var data: [UInt8]
    public var accessibility: Accessibility
    public var synchronizable: Bool
    public var createdAt: Date
    public var modifiedAt: Date
    /// Bundle id of the app that last wrote the item (e.g. `to.bitkit`, `app.pubkyring`, `simctl`).
    public var writer: String
    /// Insertion sequence number: enumeration order. Update keeps it; delete + add moves to the end.
    public var sequence: UInt64

    public init(
        accessGroup: String, service: String, account: String, data: [UInt8],
        accessibility: Accessibility, synchronizable: Bool, createdAt: Date, modifiedAt: Date,
        writer: String, sequence: UInt64
    ) {
        self.accessGroup = accessGroup
        self.service = service
        self.account = account
        self.data = data
        self.accessibility = accessibility
        self.synchronizable = synchronizable
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.writer = writer
        self.sequence = sequence
    }
}

/// The attributes of an item to add.
public struct NewKeychainItem: Sendable, Equatable {
    /// nil = the caller's first entitled group, as `SecItemAdd` does.
    public var accessGroup: String?
    public var service: String
    public var account: String
    public var data: [UInt8]
    public var accessibility: Accessibility
    public var synchronizable: Bool

    public init(
        accessGroup: String?, service: String, account: String, data: [UInt8],
        accessibility: Accessibility, synchronizable: Bool = false
    ) {
        self.accessGroup = accessGroup
        self.service = service
        self.account = account
        self.data = data
        self.accessibility = accessibility
        self.synchronizable = synchronizable
    }
}

/// How a query treats `kSecAttrSynchronizable`.
public enum SynchronizableFilter: Sendable, Equatable {
    /// Not mentioned, or `false`: matches only non-synchronizable items (spec/01 §5).
    case no
    case yes
    /// `kSecAttrSynchronizableAny`.
    case any
}

/// A generic-password query. nil fields match anything; a nil group means every entitled group.
public struct KeychainQuery: Sendable, Equatable {
    public var service: String?
    public var account: String?
    public var accessGroup: String?
    public var synchronizable: SynchronizableFilter

    public init(
        service: String? = nil, account: String? = nil, accessGroup: String? = nil,
        synchronizable: SynchronizableFilter = .no
    ) {
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
        self.synchronizable = synchronizable
    }
}

/// `kSecMatchLimit`.
public enum MatchLimit: String, Sendable { case one, all }

/// The operation classes faults and the journal speak of.
public enum KeychainOperation: String, Codable, Sendable, CaseIterable {
    /// copy-matching with limit one (with or without data).
    case read
    /// copy-matching with limit all (enumeration).
    case list
    /// add or update.
    case write
    case delete
}

/// What one keychain call did, for the journal.
public struct KeychainEvent: Sendable, Equatable {
    /// `add`, `update`, `delete`, `copy`.
    public var call: String
    public var operation: KeychainOperation
    public var accessGroup: String?
    public var service: String?
    public var account: String?
    public var status: OSStatus
    /// Whether data was returned to the caller (copy with return-data).
    public var returnedData: Bool
    /// Items returned, added, updated or deleted.
    public var count: Int
    /// Entries of the group folder that were skipped because they are not valid items.
    public var ignored: [IgnoredEntry]
}

/// A file in a group folder that is not a valid item, and why.
public struct IgnoredEntry: Sendable, Equatable, Codable {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// Who is calling: the app's identity and the device facts that decide statuses.
public struct KeychainCaller: Sendable {
    public var bundleID: String
    /// Access groups the app is entitled to; the first is the default for adds.
    public var entitlements: [String]
    /// Read when an operation needs it.
    public var protection: @Sendable () -> ProtectionState
    /// A forced status for (operation, group, account), if a fault rule matches.
    public var fault: @Sendable (KeychainOperation, String, String?) -> OSStatus?
    /// Called once per operation, after it finished.
    public var observer: @Sendable (KeychainEvent) -> Void

    public init(
        bundleID: String, entitlements: [String],
        protection: @escaping @Sendable () -> ProtectionState,
        fault: @escaping @Sendable (KeychainOperation, String, String?) -> OSStatus? = { _, _, _ in nil },
        observer: @escaping @Sendable (KeychainEvent) -> Void = { _ in }
    ) {
        self.bundleID = bundleID
        self.entitlements = entitlements
        self.protection = protection
        self.fault = fault
        self.observer = observer
    }
}

/// The result of `copyMatching`.
public struct CopyResult: Sendable, Equatable {
    public var status: OSStatus
    /// Matching items in enumeration order; `data` is empty unless data was requested.
    public var items: [KeychainItem]
}
