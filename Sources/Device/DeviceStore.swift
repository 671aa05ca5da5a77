import ContractNames
import Foundation
import Keychain
import SafeFiles
import Synchronization
import WorldFiles

/// Reads and updates `device.json` under a file lock, with atomic writes, so `simctl` and both
/// apps can touch it concurrently.
public struct DeviceStore: Sendable {
    public let world: World

    public init(world: World) { self.world = world }

    private var lockPath: String { world.deviceLockFile.path }

    /// The current state.
    public func read() throws -> DeviceState {
        try world.requireExists()
        return try locked(.shared) { try decode() }
    }

    /// Applies `change` atomically and returns its result.
    @discardableResult
    public func update<T>(_ change: (inout DeviceState) throws -> T) throws -> T {
        try world.requireExists()
        return try locked(.exclusive) {
            var state = try decode()
            let result = try change(&state)
            try encode(state)
            return result
        }
    }

    /// Writes a whole state (used by `world init`).
    func write(_ state: DeviceState) throws {
        try locked(.exclusive) { try encode(state) }
    }

    /// Runs `body` under the device file's lock; a failure to lock is a broken world.
    private func locked<T>(_ mode: FileLock.Mode, _ body: () throws -> T) throws -> T {
        do {
            return try FileLock.with(lockPath, mode) { _ in try body() }
        } catch let error as FileError {
            throw WorldError(error)
        }
    }

    private func decode() throws -> DeviceState {
        let path = world.deviceFile.path
        guard let bytes = try InputLimit.deviceFile.readWorldFile(path) else {
            throw world.missingError
        }
        let data = Data(bytes)
        // The file is read every time, so a change made by simctl (a breakpoint, the lock) is
        // always seen; only decoding the very same bytes again is skipped.
        if let cached = DecodedDeviceFiles.shared.state(path: path, bytes: data) { return cached }
        let state: DeviceState
        do {
            state = try JSONDecoder().decode(DeviceState.self, from: data)
        } catch {
            throw WorldError.corrupt(path: path, reason: "not a device file: \(error)")
        }
        guard state.version <= DeviceState.currentVersion else {
            throw WorldError.unsupportedVersion(path: path, found: state.version, supported: DeviceState.currentVersion)
        }
        DecodedDeviceFiles.shared.remember(state, path: path, bytes: data)
        return state
    }

    private func encode(_ state: DeviceState) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(state) + Data("\n".utf8)
        do {
            try AtomicFile.write(data, to: world.deviceFile, durable: world.durable)
        } catch {
            // Named as the device file, so the message says which file could not be updated.
            throw WorldError.io(path: world.deviceFile.path, reason: error.reason)
        }
        DecodedDeviceFiles.shared.remember(state, path: world.deviceFile.path, bytes: data)
    }
}

/// The last decoded `device.json` of each world in this process, keyed by its exact bytes. App
/// processes read the device file for every keychain call, journal entry and checkpoint; decoding
/// it dominated those reads.
private final class DecodedDeviceFiles: Sendable {
    static let shared = DecodedDeviceFiles()

    private struct Entry {
        var bytes: Data
        var state: DeviceState
    }

    private let entries = Mutex<[String: Entry]>([:])

    func state(path: String, bytes: Data) -> DeviceState? {
        entries.withLock { entries in
            guard let entry = entries[path], entry.bytes == bytes else { return nil }
            return entry.state
        }
    }

    func remember(_ state: DeviceState, path: String, bytes: Data) {
        entries.withLock { entries in
            // A serving process (`--serve`) meets a new world in every race iteration: keep a few.
            if entries[path] == nil, entries.count >= 8 { entries.removeAll() }
            entries[path] = Entry(bytes: bytes, state: state)
        }
    }
}

extension DeviceStore {
    /// The forced status for this keychain operation on `group`, if a fault rule matches; a counted
    /// rule is used up by the match (and only by a match).
    public func consumeFault(
        app: AppKind, operation: KeychainOperation, group: String, account: String?
    ) throws -> OSStatus? {
        let state = try read()
        let matches = { (rule: FaultRule) in
            rule.matches(app: app, operation: operation, group: group, account: account)
        }
        guard state.faults.contains(where: matches) else { return nil }
        return try update { state in
            guard let index = state.faults.firstIndex(where: matches) else { return nil }
            let status = state.faults[index].status
            if let remaining = state.faults[index].remaining {
                state.faults[index].remaining = remaining - 1
                if remaining - 1 <= 0 { state.faults.remove(at: index) }
            }
            return status
        }
    }
}
