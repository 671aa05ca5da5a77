#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Splits a stream into lines without ever holding more than `limit` bytes of one: a longer line is
/// reported as `.tooLong` and skipped up to its newline, so a serving process's memory stays bounded
/// whatever its stdin carries.
package struct RequestLineReader {
    package enum Line: Equatable {
        case line([UInt8])
        case tooLong
    }

    let descriptor: Int32
    let limit: Int
    /// A descriptor that becomes readable when reading should stop (`simctl mcp`'s SIGTERM pipe):
    /// the stream then ends as if its input had.
    let interrupt: Int32?
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// Inside an over-long line: bytes are dropped until its newline.
    private var skipping = false
    /// `interrupt` became readable: no more lines.
    private var interrupted = false

    package init(descriptor: Int32, limit: Int, interrupt: Int32? = nil) {
        self.descriptor = descriptor
        self.limit = limit
        self.interrupt = interrupt
    }

    /// The next line (without its newline), or nil at the end of the stream. A last line without a
    /// newline still counts.
    package mutating func next() -> Line? {
        while !interrupted {
            if let newline = newlineIndex() {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                if skipping {
                    skipping = false
                    continue
                }
                return line.count > limit ? .tooLong : .line(line)
            }
            if !skipping, buffer.count - start > limit {
                // Report the line now and drop what is buffered; the rest is dropped as it comes.
                skipping = true
                buffer.removeAll(keepingCapacity: true)
                start = 0
                return .tooLong
            }
            if skipping {
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if ended {
                guard start < buffer.count, !skipping else { return nil }
                let line = Array(buffer[start...])
                buffer.removeAll()
                start = 0
                return .line(line)
            }
            fill()
        }
        return nil
    }

    /// The index of the next newline at or after `start` (memchr: this scans every byte of stdin).
    private func newlineIndex() -> Int? {
        guard start < buffer.count else { return nil }
        return buffer.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress,
                let found = memchr(base + start, Int32(UInt8(ascii: "\n")), raw.count - start)
            else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    private mutating func fill() {
        if start > 0 {
            buffer.removeSubrange(..<start)
            start = 0
        }
        if let interrupt, !waitForInput(besides: interrupt) {
            interrupted = true
            return
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { raw in systemRead(descriptor, raw.baseAddress, raw.count) }
        if count < 0, errno == EINTR { return }
        guard count > 0 else {
            ended = true
            return
        }
        buffer.append(contentsOf: chunk[..<count])
    }

    /// Waits until the stream has input (true) or `interrupt` is readable (false).
    private func waitForInput(besides interrupt: Int32) -> Bool {
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: interrupt, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, 2, -1)
            if ready < 0, errno == EINTR { continue }
            if ready < 0 { return true }
            if descriptors[1].revents != 0 { return false }
            return true
        }
    }

    private func systemRead(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, pointer, count)
        #else
            Darwin.read(descriptor, pointer, count)
        #endif
    }
}
