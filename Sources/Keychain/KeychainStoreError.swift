/// Why a direct group-folder operation (`KeychainGroupStore`) failed. `Keychain` maps these onto
/// status codes: `errSecParam` for bad requests, `errSecIO` for the file system.
public enum KeychainStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Service or account is empty (`errSecParam`).
    case emptyName(field: String)
    /// The item names another access group than the folder holds.
    case groupMismatch(folderGroup: String, itemGroup: String)
    /// The encoded item would exceed the 1 MiB item-file cap (`errSecParam`).
    case itemTooLarge(bytes: Int)
    /// The item's path holds something that must not be overwritten (a folder, another item,
    /// an item of an unknown format version).
    case occupied(path: String, reason: String)
    /// A system call failed.
    case io(operation: String, path: String, errno: Int32)

    public var description: String {
        switch self {
        case .emptyName(let field): return "The \(field) must not be empty."
        case .groupMismatch(let folderGroup, let itemGroup):
            return "The item names access group \(itemGroup) but the folder holds \(folderGroup)."
        case .itemTooLarge(let bytes): return "The item would take \(bytes) bytes; the limit is 1 MiB."
        case .occupied(let path, let reason): return "Cannot write \(path): \(reason)."
        case .io(let operation, let path, let code):
            return "\(operation) failed for \(path): \(Posix.errorMessage(code))."
        }
    }

    /// The status `Keychain` returns for this failure.
    var status: OSStatus {
        switch self {
        case .emptyName, .itemTooLarge, .groupMismatch: return .param
        case .occupied, .io: return .io
        }
    }
}
