import Foundation
import Testing

@testable import Backend

@Suite struct ConcurrencyTests {
    /// The built `sim-stress` next to this test bundle (`.build/<config>/`).
    static var stressBinary: URL? {
        let candidates = [
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
        ]
        for executable in candidates {
            var directory = executable.deletingLastPathComponent()
            // On macOS the test binary sits inside `<Package>PackageTests.xctest/Contents/MacOS/`.
            for _ in 0..<4 {
                let binary = directory.appendingPathComponent("sim-stress")
                if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
                directory = directory.deletingLastPathComponent()
            }
        }
        return nil
    }

    struct Summary: Decodable {
        var worker: String
        var calls: Int
        var errors: Int
        var signups: Int
        var counter: Int
        var pubky: String
    }

    @Test func twoProcessesRunAThousandMixedCallsEachWithoutErrorsOrLostWrites() throws {
        let binary = try #require(
            Self.stressBinary, "build sim-stress first (swift build --product sim-stress)")
        let world = try TestWorld()
        let workers = ["1", "2"]
        let processes = try workers.map { worker -> (Process, Pipe, Pipe) in
            let process = Process()
            process.executableURL = binary
            process.arguments = [
                "backend", "--db", world.path, "--calls", "1000", "--seed", "2024", "--worker", worker,
            ]
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            return (process, output, errors)
        }
        var summaries: [Summary] = []
        for (process, output, errors) in processes {
            let stdout = output.fileHandleForReading.readDataToEndOfFile()
            let stderr = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(String(decoding: stderr, as: UTF8.self))")
            #expect(stderr.isEmpty, "\(String(decoding: stderr, as: UTF8.self))")
            summaries.append(try JSONDecoder().decode(Summary.self, from: stdout))
        }

        let store = try Backend.open(at: world.path)
        let accounts = try store.accounts().accounts
        let files = try store.storage()
        for summary in summaries {
            #expect(summary.errors == 0)
            #expect(summary.calls == 1000)
            #expect(summary.signups == 100)
            #expect(summary.counter == 300)
            // Every sign-up became an account; every item and the last counter value are stored.
            #expect(
                accounts.filter { $0.createdBy == "stress-\(summary.worker)" }.count == summary.signups)
            let mine = files.filter {
                $0.pubky == summary.pubky && $0.path.hasPrefix("/pub/stress/\(summary.worker)/")
            }
            let items = Set(mine.filter { $0.path.contains("/items/") }.compactMap(\.text))
            #expect(items == Set((1...summary.counter).map(String.init)))
            #expect(
                mine.first { $0.path == "/pub/stress/\(summary.worker)/counter" }?.text
                    == String(summary.counter))
        }
        #expect(Set(summaries.map(\.pubky)).count == 2)
    }
}
