import Foundation
import SafeFiles
import WorldFiles

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
    /// The simulated process of the run that writes (its pid goes into each entry); nil only for
    /// readers.
    public let process: SimulatedProcess?

    public init(world: World, process: SimulatedProcess? = nil) {
        self.world = world
        self.process = process
    }

    /// Appends `entry`, filling in its sequence number, the writing run's simulated pid and the
    /// device clock's time; returns the stored entry.
    @discardableResult
    public func append(_ entry: JournalEntry) throws -> JournalEntry {
        let path = world.journalFile.path
        let clock = try DeviceClock(world: world).read()
        let pid = try process?.pid(in: world) ?? 0
        do {
            return try FileLock.with(path, .exclusive, append: true) { fd in
                try Self.append(entry, clock: clock, pid: pid, to: fd, path: path)
            }
        } catch let error as FileError {
            throw WorldError(error)
        }
    }

    /// Numbers `entry` after the last complete line of the locked journal `fd` and appends it.
    private static func append(
        _ entry: JournalEntry, clock: DeviceClock.Reading, pid: Int32, to fd: Int32, path: String
    ) throws -> JournalEntry {
        let (lastSeq, endsWithNewline) = Self.tail(fd)
        var stored = entry
        stored.seq = lastSeq + 1
        stored.pid = pid
        stored.run = nil
        stored.time = clock.now.timeIntervalSince1970
        stored.clock = clock.elapsed
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
        guard let data = try InputLimit.journal.readWorldFile(world.journalFile.path) else { return ([], 0) }
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
            // Walk back line by line to the last one that parses (a torn line has no trustworthy
            // number); only the window's first line may be cut off by the window, so it is not read.
            var end = buffer.endIndex
            while end > buffer.startIndex {
                let newline = buffer[..<end].lastIndex(of: UInt8(ascii: "\n"))
                guard newline != nil || start == 0 else { break }
                let lineStart = newline.map { $0 + 1 } ?? buffer.startIndex
                if lineStart < end, let seq = seqOf(Array(buffer[lineStart..<end])) { return (seq, endsWithNewline) }
                end = newline ?? buffer.startIndex
            }
            if start == 0 { return (0, endsWithNewline) }
            window *= 4
        }
    }

    private static func seqOf(_ line: [UInt8]) -> UInt64? {
        if let seq = completeLineSeq(line) { return seq }
        struct Seq: Decodable { var seq: UInt64 }
        return try? JSONDecoder().decode(Seq.self, from: Data(line)).seq
    }

    /// The sequence number of a line as `append` writes it, read without a JSON decoder (which cost
    /// more than the rest of an append). Keys are sorted, so a complete line ends with
    /// `,"time":NUMBER}` and a torn one — a prefix — never does: string values escape their quotes.
    /// Anything else returns nil and goes through the decoder.
    package static func completeLineSeq(_ line: [UInt8]) -> UInt64? {
        let timeKey = Array(#","time":"#.utf8)
        guard line.first == UInt8(ascii: "{"), line.last == UInt8(ascii: "}") else { return nil }
        var index = line.count - 2
        while index > 0, isNumberByte(line[index]) { index -= 1 }
        guard index < line.count - 2, index + 1 >= timeKey.count,
            Array(line[(index + 1 - timeKey.count)...index]) == timeKey
        else { return nil }
        let seqKey = Array(#""seq":"#.utf8)
        var start = 1
        while start + seqKey.count < line.count {
            guard let found = firstIndex(of: seqKey, in: line, from: start) else { return nil }
            let digitsStart = found + seqKey.count
            let separator = line[found - 1]
            if separator == UInt8(ascii: ",") || separator == UInt8(ascii: "{") {
                var end = digitsStart
                var value: UInt64 = 0
                while end < line.count, line[end] >= UInt8(ascii: "0"), line[end] <= UInt8(ascii: "9") {
                    let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times.addingReportingOverflow(UInt64(line[end] - UInt8(ascii: "0")))
                    guard !overflow1, !overflow2 else { return nil }
                    value = sum
                    end += 1
                }
                guard end > digitsStart, end < line.count,
                    line[end] == UInt8(ascii: ",") || line[end] == UInt8(ascii: "}")
                else {
                    return nil
                }
                return value
            }
            start = found + 1
        }
        return nil
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+")
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for index in start...(haystack.count - needle.count)
        where haystack[index] == needle[0] && Array(haystack[index..<index + needle.count]) == needle {
            return index
        }
        return nil
    }
}
