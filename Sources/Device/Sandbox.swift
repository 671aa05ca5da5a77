import ContractNames
import Foundation
import SafeFiles
import Simulation
import WorldFiles

/// An app's container: small JSON documents (UserDefaults, the app's persisted store, its running
/// memory) written atomically, and the main-actor lock (DESIGN §3-4). Uninstall deletes it all.
public struct Sandbox: Sendable {
    public let folder: URL
    /// Whether document writes fsync (the world's setting).
    let durable: Bool
    /// The world's `.sim/` folder, swept of stale temporary files with the sandbox.
    private let simFolder: URL

    public init(world: World, app: AppKind, package: String? = nil) {
        folder = world.sandbox(app, package: package)
        durable = world.durable
        simFolder = world.simFolder
    }

    /// The document `name` (e.g. `defaults`, `memory`), or nil when absent.
    public func load<T: Decodable>(_ type: T.Type, _ name: String) throws -> T? {
        let url = folder.appendingPathComponent(name + ".json", isDirectory: false)
        // Bounded before reading: an oversized document is a broken world (exit 3), left untouched.
        guard let bytes = try InputLimit.sandboxDocument.readWorldFile(url.path) else { return nil }
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch {
            throw WorldError.corrupt(path: url.path, reason: "\(error)")
        }
    }

    /// The running memory of the app process: like RAM it need not survive a power loss, so it is
    /// written without fsync (still atomically: a killed writer leaves the previous document).
    static let volatileDocuments: Set<String> = ["memory"]

    /// Writes the document `name` atomically. A document that already holds exactly these bytes is
    /// left alone: most actions save state they did not change, and each durable write costs two
    /// fsyncs.
    public func save<T: Encodable>(_ value: T, _ name: String) throws {
        try ensureFolder()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let bytes = try encoder.encode(value) + Data("\n".utf8)
        let url = folder.appendingPathComponent(name + ".json", isDirectory: false)
        if let stored = try? InputLimit.sandboxDocument.readWorldFile(url.path), stored.elementsEqual(bytes) { return }
        do {
            try AtomicFile.write(bytes, to: url, durable: durable && !Self.volatileDocuments.contains(name))
        } catch {
            throw WorldError(error)
        }
    }

    /// Writes `value` as the document `name`, or deletes the document when `value` is nil (the
    /// memory of an app that stopped running).
    public func replace<T: Encodable>(_ value: T?, _ name: String) throws {
        if let value { try save(value, name) } else { remove(name) }
    }

    /// Deletes the document `name` if present.
    public func remove(_ name: String) {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(name + ".json", isDirectory: false))
    }

    /// A file path inside the container (exports, caches).
    public func file(_ name: String) -> URL { folder.appendingPathComponent(name, isDirectory: false) }

    /// Runs `body` holding the app's main-actor lock: one UI event at a time per app. The body can
    /// release and retake it at asynchronous points through the given `MainActorLock`. `run` learns
    /// whether it holds the lock (its scheduling points tell the scheduler).
    public func withMainActor<T>(run: RunContext, _ body: (MainActorLock) throws -> T) throws -> T {
        try ensureFolder()
        let lock = try MainActorLock(
            path: folder.appendingPathComponent(".main-actor.lock", isDirectory: false).path, hold: run.mainActor)
        defer { lock.close() }
        // A killed app leaves the temporary file of an unfinished document write (DESIGN §3): each
        // action sweeps its sandbox and `.sim/` (device.json's folder) by the keychain's age rule.
        Posix.removeStaleTemporaries(in: folder.path)
        Posix.removeStaleTemporaries(in: simFolder.path)
        return try body(lock)
    }

    private func ensureFolder() throws {
        guard !FileManager.default.fileExists(atPath: folder.path) else { return }
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw WorldError.io(path: folder.path, reason: error.localizedDescription)
        }
    }
}
