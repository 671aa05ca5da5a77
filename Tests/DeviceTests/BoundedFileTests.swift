import Foundation
import Testing
import WorldFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bounded reads refuse what is over the limit without holding it: by size for a regular file, by
/// reading one byte past the limit for a stream.
@Suite struct BoundedFileTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func file(_ bytes: [UInt8]) throws -> String {
        let path = folder.appendingPathComponent(UUID().uuidString).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aFileAtTheLimitIsReadAndOneByteMoreIsRefusedWithItsSize() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let exact = try file(Array(repeating: 7, count: 100))
        #expect(try BoundedFile.read(exact, limit: 100) == Array(repeating: 7, count: 100))
        let over = try file(Array(repeating: 7, count: 101))
        #expect(throws: BoundedFile.Failure.tooLarge(size: 101)) { try BoundedFile.read(over, limit: 100) }
        #expect(try BoundedFile.read(try file([]), limit: 100) == [])
    }

    @Test func aStreamIsRefusedOnceItPassesTheLimitWithoutAKnownSize() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let writeEnd = ends[1]
        let writer = Thread {
            let chunk = [UInt8](repeating: 1, count: 4096)
            // Far more than the limit; once the reader stops and closes, the write fails (EPIPE).
            for _ in 0..<64 {
                if chunk.withUnsafeBytes({ write(writeEnd, $0.baseAddress, $0.count) }) <= 0 { break }
            }
            close(writeEnd)
        }
        signal(SIGPIPE, SIG_IGN)
        writer.start()
        #expect(throws: BoundedFile.Failure.tooLarge(size: nil)) {
            try BoundedFile.read(descriptor: ends[0], limit: 10_000)
        }
        close(ends[0])
    }

    @Test func aFolderAndAMissingPathAreToldApart() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: BoundedFile.Failure.absent) {
            try BoundedFile.read(folder.appendingPathComponent("none").path, limit: 10)
        }
        #expect(throws: BoundedFile.Failure.unreadable("a folder, not a file")) {
            try BoundedFile.read(folder.path, limit: 10)
        }
    }

    @Test func aPrefixReadReturnsTheWholeSizeButOnlyTheBytesAsked() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try file(Array(0..<200))
        let (bytes, size) = try BoundedFile.prefix(path, count: 16)
        #expect(bytes == Array(0..<16))
        #expect(size == 200)
    }

    @Test func inputErrorsSayWhatWasGivenAndWhichLimitItBroke() {
        let error = InputError.tooLarge(source: "/tmp/x.json", limit: .backup, size: 300 << 20)
        #expect(
            error.description
                == "/tmp/x.json (300 MiB) is over the 1 MiB limit for a backup document and was refused; give a real backup document (Docs/cli.md lists the limits)."
        )
    }

    @Test func everyLimitIsDocumentedInTheCLIReference() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/cli.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for limit in InputLimit.all {
            let row = "| \(limit.what) | \(InputLimit.describe(bytes: Int64(limit.bytes))) |"
            #expect(text.contains(row), "Docs/cli.md lacks the row `\(row)`")
        }
    }
}
