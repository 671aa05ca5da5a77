import Foundation
import SafeFiles
import WorldFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The simulated device clock (`.sim/clock`): the device time when the world began and the
/// milliseconds elapsed since. Time moves only when something spends it — a network request its
/// simulated latency, `simctl device clock advance` — and never with the host clock, so a run is a
/// function of its world, seed and schedule and replays byte for byte (DESIGN §5).
public struct DeviceClock: Sendable {
    /// Where a new world's clock starts: 2026-01-01T00:00:00Z.
    public static let defaultStart: Int64 = 1_767_225_600_000

    /// The clock's two numbers, in milliseconds.
    public struct Reading: Sendable, Equatable {
        /// Device time when the world began, since 1970.
        public var start: Int64
        /// Simulated time since the world began (negative after moving the clock back).
        public var elapsed: Int64

        public init(start: Int64, elapsed: Int64) {
            self.start = start
            self.elapsed = elapsed
        }

        /// The device time.
        public var now: Date { Date(timeIntervalSince1970: Double(start + elapsed) / 1000) }
    }

    package let path: String

    public init(world: World) { path = world.simFolder.appendingPathComponent("clock", isDirectory: false).path }

    /// The clock now.
    public func read() throws(WorldError) -> Reading {
        try locked(.shared) { fd in try Self.decode(fd, path: path) }
    }

    /// The device time now.
    public func now() throws(WorldError) -> Date { try read().now }

    /// Moves the clock by `milliseconds` (spent time is never negative; `simctl` may move it back).
    @discardableResult
    public func advance(by milliseconds: Int64) throws(WorldError) -> Reading {
        try change { $0.elapsed += milliseconds }
    }

    /// Moves the clock by the seconds a simulated request took (rounded to whole milliseconds).
    public func spend(_ seconds: TimeInterval) throws(WorldError) {
        guard seconds.isFinite, seconds > 0 else { return }
        try advance(by: Int64((seconds * 1000).rounded()))
    }

    /// Starts the clock of a new world at `start` (milliseconds since 1970).
    public func begin(at start: Int64) throws(WorldError) {
        try change { $0 = Reading(start: start, elapsed: 0) }
    }

    /// Applies `update` under the clock's exclusive lock and returns the new reading.
    @discardableResult
    public func change(_ update: (inout Reading) -> Void) throws(WorldError) -> Reading {
        try locked(.exclusive) { fd in
            var reading = try Self.decode(fd, path: path)
            update(&reading)
            let bytes = Array("\(reading.start) \(reading.elapsed)\n".utf8)
            let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            // One small pwrite: a killed writer leaves the old numbers or the new ones.
            guard written == bytes.count, ftruncate(fd, off_t(bytes.count)) == 0 else {
                throw WorldError.io(path: path, reason: String(cString: strerror(errno)))
            }
            return reading
        }
    }

    private func locked<T>(_ mode: FileLock.Mode, _ body: (Int32) throws -> T) throws(WorldError) -> T {
        do {
            return try FileLock.with(path, mode, body)
        } catch let error as WorldError {
            throw error
        } catch let error as FileError {
            throw WorldError(error)
        } catch {
            throw WorldError.io(path: path, reason: "\(error)")
        }
    }

    /// The numbers in the file; an empty file (a world made before the clock had one) starts now.
    private static func decode(_ fd: Int32, path: String) throws(WorldError) -> Reading {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { throw WorldError.io(path: path, reason: String(cString: strerror(errno))) }
        if count == 0 { return Reading(start: defaultStart, elapsed: 0) }
        let fields = String(decoding: buffer[0..<count], as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let start = Int64(fields[0]), let elapsed = Int64(fields[1]) else {
            throw WorldError.corrupt(path: path, reason: "not a clock file (expected two numbers)")
        }
        return Reading(start: start, elapsed: elapsed)
    }
}
