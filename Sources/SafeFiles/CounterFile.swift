import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small decimal counter file updated in place by one `pwrite`: a kill cannot split it. The
/// keychain numbers its items with one (`GroupFolder.nextSequence`), the world keeps its clock in one.
public struct CounterFile: Sendable {
    private static let width = 20
    public let path: String
    private let descriptor: Int32

    public init(path: String) throws(FileError) {
        self.path = path
        descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
        _ = fchmod(descriptor, 0o600)
    }

    /// The stored value, or nil when the file is empty or does not hold a number.
    public func read() -> UInt64? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        var digits = buffer[0..<count]
        while let last = digits.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: " ") { digits.removeLast() }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return UInt64(String(decoding: digits, as: UTF8.self))
    }

    public func write(_ value: UInt64, durable: Bool) throws(FileError) {
        let digits = String(value)
        let bytes = Array(
            (String(repeating: "0", count: max(0, Self.width - digits.count)) + digits + "\n").utf8)
        let count = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        guard count == bytes.count else { throw .io(operation: "write", path: path, errno: errno) }
        // Drops whatever longer content a damaged file had after the number.
        guard ftruncate(descriptor, off_t(bytes.count)) == 0 else {
            throw .io(operation: "truncate", path: path, errno: errno)
        }
        if durable, fsync(descriptor) != 0 { throw .io(operation: "fsync", path: path, errno: errno) }
    }

    public func closeFile() {
        close(descriptor)
    }
}
