/// A saved contact linked for Paykit: the local name the recipient line shows (spec/05 §6), the
/// contact's key and the receiver path its endpoints live under (spec/04 §13).
public struct PaykitContact: Codable, Sendable, Equatable {
    public var name: String
    /// Bare z-base-32 key.
    public var pubky: String
    /// `bitkit/server` or `bitkit/wallet`.
    public var receiverPath: String
    /// The identity (bare key) a contact import saved it for (spec/09 §2.4.1); nil shows for any.
    public var owner: String?

    public init(name: String, pubky: String, receiverPath: String, owner: String? = nil) {
        self.name = name
        self.pubky = pubky
        self.receiverPath = receiverPath
        self.owner = owner
    }

    /// Whether the contact belongs to the identity `owner` (bare key): its own, or one without owner.
    public func belongs(to owner: String?) -> Bool { self.owner == nil || self.owner == owner }

    /// Whether `path` is `<app>/wallet` or `<app>/server` with a lowercase app name.
    public static func isReceiverPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1] == "wallet" || parts[1] == "server", !parts[0].isEmpty else { return false }
        return parts[0].allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" }
    }
}

/// The saved contacts (sandbox document `contacts`).
public struct PaykitContactBook: Codable, Sendable, Equatable {
    public static let document = "contacts"

    public var contacts: [PaykitContact]

    public init(contacts: [PaykitContact] = []) { self.contacts = contacts }

    /// The contact with this bare key.
    public func contact(_ pubky: String) -> PaykitContact? { contacts.first { $0.pubky == pubky } }

    /// The contacts of identity `owner` (bare key; nil: none active) as the Contacts list shows them:
    /// by name, case-insensitive (spec/09 §2.5.2).
    public func shown(for owner: String?) -> [PaykitContact] {
        contacts.filter { $0.belongs(to: owner) }.enumerated()
            .sorted { ($0.element.name.lowercased(), $0.offset) < ($1.element.name.lowercased(), $1.offset) }
            .map(\.element)
    }
}
