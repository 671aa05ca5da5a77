import SafeFiles

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
            return FileError.io(operation: operation, path: path, errno: code).description
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

extension KeychainStoreError {
    /// A failed file call of the group folder, as the store reports it.
    init(_ error: FileError) {
        switch error {
        case .io(let operation, let path, let code): self = .io(operation: operation, path: path, errno: code)
        }
    }
}

/// Runs a `SafeFiles` call inside a store operation, reporting its failure as the store's error.
func fileCall<T>(_ body: () throws(FileError) -> T) throws(KeychainStoreError) -> T {
    do { return try body() } catch { throw KeychainStoreError(error) }
}
