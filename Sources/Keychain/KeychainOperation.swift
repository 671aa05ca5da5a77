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
