import ContractNames
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One simulated world on disk: the shared group, the device, the journal, the backend, the
/// private keychains and the app sandboxes (DESIGN §3).
public struct World: Sendable, Equatable {
    public let root: URL
    /// Whether writes to this world fsync. False for the throwaway worlds of the scenario runner and
    /// the race harness (`RunContext.durable`); every file of the world follows it.
    public let durable: Bool

    /// The world at `path`, or the current directory when nil.
    public init(path: String?, durable: Bool = true) {
        let base = path ?? FileManager.default.currentDirectoryPath
        root = URL(fileURLWithPath: base, isDirectory: true).standardizedFileURL
        self.durable = durable
    }

    public init(root: URL, durable: Bool = true) {
        self.root = root.standardizedFileURL
        self.durable = durable
    }

    public var sharedGroup: URL { root.appendingPathComponent("SharedGroup", isDirectory: true) }
    public var simFolder: URL { root.appendingPathComponent(".sim", isDirectory: true) }
    public var deviceFile: URL { simFolder.appendingPathComponent("device.json", isDirectory: false) }
    /// The flock that serialises every read and update of `deviceFile`.
    public var deviceLockFile: URL { simFolder.appendingPathComponent("device.lock", isDirectory: false) }
    public var journalFile: URL { simFolder.appendingPathComponent("journal.jsonl", isDirectory: false) }
    public var backendDatabase: URL { simFolder.appendingPathComponent("backend.sqlite", isDirectory: false) }
    public var privateKeychains: URL { simFolder.appendingPathComponent("keychain", isDirectory: true) }
    public var sandboxes: URL { simFolder.appendingPathComponent("sandboxes", isDirectory: true) }
    public var files: URL { simFolder.appendingPathComponent("files", isDirectory: true) }

    /// The folder of an access group: the shared group lives at `SharedGroup/`, private ones under
    /// `.sim/keychain/`, always one folder inside it: a name that is not a valid access group (see
    /// `isValidAccessGroup`) is percent-encoded, so `../..` can never walk out of the world.
    public func groupDirectory(_ accessGroup: String) -> URL {
        guard accessGroup != SharedContract.accessGroup else { return sharedGroup }
        let component =
            Self.isValidAccessGroup(accessGroup)
            ? accessGroup
            : accessGroup.utf8.map { byte in
                Self.groupCharacters.contains(byte) && byte != UInt8(ascii: ".")
                    ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
            }.joined()
        return privateKeychains.appendingPathComponent(component.isEmpty ? "%" : component, isDirectory: true)
    }

    /// The private groups present under `.sim/keychain/`, sorted: only real folders with a valid
    /// group name (a symbolic link there is never followed out of the world).
    public func privateGroupsOnDisk() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: privateKeychains.path)) ?? []
        return names.filter { name in
            guard Self.isValidAccessGroup(name) else { return false }
            var info = stat()
            return lstat(privateKeychains.appendingPathComponent(name, isDirectory: true).path, &info) == 0
                && info.st_mode & S_IFMT == S_IFDIR
        }.sorted()
    }

    /// Bytes an access group id is made of (`KYH47R284B.to.bitkit.regtest`).
    package static let groupCharacters = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-_".utf8))

    /// Whether `name` is an access group id that is safe as one folder name: 1–255 letters, digits,
    /// `.`, `-` or `_`, not starting with a dot and without `..`.
    public static func isValidAccessGroup(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && name.utf8.allSatisfy(groupCharacters.contains)
            && !name.hasPrefix(".") && !name.contains("..")
    }

    /// An app's container (defaults, files, memory), deleted on uninstall.
    public func sandbox(_ app: AppKind) -> URL {
        sandboxes.appendingPathComponent(app.sandboxName, isDirectory: true)
    }

    /// The sandbox of an Android package installed beside the app's own (another Bitkit flavour,
    /// spec/07 §1.1), or the app's sandbox when `package` is nil.
    public func sandbox(_ app: AppKind, package: String?) -> URL {
        guard let package else { return sandbox(app) }
        // Apart from the app's own folder, which bears the iOS bundle id (`to.bitkit`, also a package).
        return sandboxes.appendingPathComponent("packages", isDirectory: true)
            .appendingPathComponent(package, isDirectory: true)
    }

    /// Whether `world init` has run here.
    public var exists: Bool { FileManager.default.fileExists(atPath: deviceFile.path) }

    /// Throws `WorldError.missing` unless the world was initialised.
    public func requireExists() throws {
        guard exists else { throw missingError }
    }

    /// Why there is no world here: the root (or a folder above it) is a file, which advice to run
    /// `simctl world init` there could not fix, or nothing was initialised yet.
    public var missingError: WorldError {
        if let file = fileInTheWay { return .notAFolder(path: root.path, file: file) }
        return .missing(path: root.path)
    }

    /// The root itself or the nearest folder above it when that exists as something other than a
    /// folder.
    package var fileInTheWay: String? {
        var candidate = root
        while true {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder) {
                return isFolder.boolValue ? nil : candidate.path
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { return nil }
            candidate = parent
        }
    }
}
