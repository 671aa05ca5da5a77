import Foundation
import Simulation
import WorldFiles

/// Reads a world's journal a step at a time: each call returns the complete entries appended since
/// the previous one. The run report needs each step's events; reading the whole file after every
/// step would cost the square of its length.
package struct JournalTail {
    package let path: String
    private var offset: UInt64 = 0
    private let decoder = JSONDecoder()

    package init(world: World) { path = world.journalFile.path }

    package mutating func next() -> [JournalEntry] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.readToEnd(),
            let lastNewline = data.lastIndex(of: UInt8(ascii: "\n"))
        else { return [] }
        // A line still being written (a background step) waits for the next call.
        let complete = data[data.startIndex...lastNewline]
        offset += UInt64(complete.count)
        return complete.split(separator: UInt8(ascii: "\n")).compactMap { line in
            try? decoder.decode(JournalEntry.self, from: Data(line))
        }
    }
}
