import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Temporary files left by a writer killed mid-write are removed from sandboxes and `.sim/` by the
/// keychain's age rule (older than 5 s), while a fresh one — a live writer's — is left alone.
@Suite struct StaleTemporaryEndToEndTests {
    private func temporary(_ folder: URL, _ name: String, age: TimeInterval) throws -> String {
        let path = folder.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{\"half\":".utf8)))
        let then = Date().addingTimeInterval(-age).timeIntervalSince1970
        var times = [
            timeval(tv_sec: Int(then), tv_usec: 0), timeval(tv_sec: Int(then), tv_usec: 0),
        ]
        #expect(utimes(path, &times) == 0)
        return path
    }

    @Test func anAppActionRemovesStaleTemporaryFilesFromItsSandboxAndSimFolder() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        #expect(try sim("ring-sim", "launch").status == 0)
        let sandbox = sim.world.appendingPathComponent(".sim/sandboxes/app.pubkyring")
        let simFolder = sim.world.appendingPathComponent(".sim")
        let staleSandbox = try temporary(sandbox, ".tmp-4242-deadbeef", age: 60)
        let staleSim = try temporary(simFolder, ".tmp-4242-cafe", age: 60)
        let fresh = try temporary(sandbox, ".tmp-4243-fresh", age: 0)
        let other = try temporary(sandbox, "notes.tmp", age: 60)
        #expect(try sim("ring-sim", "foreground").status == 0)
        #expect(!FileManager.default.fileExists(atPath: staleSandbox))
        #expect(!FileManager.default.fileExists(atPath: staleSim))
        #expect(FileManager.default.fileExists(atPath: fresh))
        #expect(FileManager.default.fileExists(atPath: other))
    }
}
