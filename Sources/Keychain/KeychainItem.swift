import Foundation

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
