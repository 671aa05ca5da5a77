import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The world's append-only event log (`.sim/journal.jsonl`), safe under concurrent writers: each
/// append takes an exclusive flock, numbers the entry after the last complete line, and appends one
/// line. A line torn by a killed writer is skipped by readers and fenced off by the next append.
public struct Journal: Sendable {
    public let world: World

    public init(world: World) { self.world = world }

    /// Appends `entry`, filling in its sequence number, pid and time; returns the stored entry.
    @discardableResult
    public func append(_ entry: JournalEntry, time: Double) throws -> JournalEntry {
        let path = world.journalFile.path
        let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw WorldError.io(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw WorldError.io(path: path, reason: String(cString: strerror(errno))) }
        }
        defer { _ = flock(fd, LOCK_UN) }

        let (lastSeq, endsWithNewline) = Self.tail(fd)
        var stored = entry
        stored.seq = lastSeq + 1
        stored.pid = getpid()
        stored.time = time
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var line = try encoder.encode(stored)
        line.append(UInt8(ascii: "\n"))
        if !endsWithNewline { line.insert(UInt8(ascii: "\n"), at: 0) }
        let written = line.withUnsafeBytes { raw in
            #if canImport(Glibc)
                Glibc.write(fd, raw.baseAddress, raw.count)
            #else
                Darwin.write(fd, raw.baseAddress, raw.count)
            #endif
        }
        guard written == line.count else { throw WorldError.io(path: path, reason: "short write") }
        return stored
    }

    /// Every complete entry in order, and the number of lines that could not be read.
    public func read() throws -> (entries: [JournalEntry], malformed: Int) {
        guard let data = FileManager.default.contents(atPath: world.journalFile.path) else { return ([], 0) }
        var entries: [JournalEntry] = []
        var malformed = 0
        let decoder = JSONDecoder()
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            if let entry = try? decoder.decode(JournalEntry.self, from: Data(line)) {
                entries.append(entry)
            } else {
                malformed += 1
            }
        }
        return (entries, malformed)
    }

    /// The sequence number of the last complete entry, and whether the file ends with a newline.
    private static func tail(_ fd: Int32) -> (UInt64, Bool) {
        let size = lseek(fd, 0, SEEK_END)
        guard size > 0 else { return (0, true) }
        var window = 4096
        while true {
            let start = max(0, Int(size) - window)
            var buffer = [UInt8](repeating: 0, count: Int(size) - start)
            let n = pread(fd, &buffer, buffer.count, off_t(start))
            guard n == buffer.count else { return (0, true) }
            let endsWithNewline = buffer.last == UInt8(ascii: "\n")
            let lines = buffer.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
            // Walk back to the last line that parses: a torn line has no trustworthy number.
            for line in lines.reversed() {
                if let seq = seqOf(Array(line)) { return (seq, endsWithNewline) }
            }
            if start == 0 { return (0, endsWithNewline) }
            window *= 4
        }
    }

    private static func seqOf(_ line: [UInt8]) -> UInt64? {
        struct Seq: Decodable { var seq: UInt64 }
        return try? JSONDecoder().decode(Seq.self, from: Data(line)).seq
    }
}
