import Foundation
import SimCLI
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A world whose device file cannot be updated fails the action loudly (exit 3) instead of
/// drawing randomness or time no replay could repeat.
@Suite struct BrokenWorldEndToEndTests {
    /// Makes `.sim/` refuse new files (so `device.json` cannot be replaced atomically) while files
    /// already there stay writable. Root ignores permissions, so as root the folder is made
    /// immutable instead; nil when neither is possible here.
    static func freeze(_ folder: URL) -> (() -> Void)? {
        if geteuid() != 0 {
            guard chmod(folder.path, 0o555) == 0 else { return nil }
            return { _ = chmod(folder.path, 0o700) }
        }
        guard run("/usr/bin/chattr", ["+i", folder.path]) == 0 else { return nil }
        return { _ = run("/usr/bin/chattr", ["-i", folder.path]) }
    }

    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return -1 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.runAlone()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func anUnwritableDeviceFileFailsTheActionWithExit3() throws {
        let sim = try Sim()
        defer { sim.cleanup() }
        #expect(try sim("bitkit-sim", "launch").status == 0)
        #expect(try sim("ring-sim", "import", "--secret", Fixture.aSecret).status == 0)
        let simFolder = sim.world.appendingPathComponent(".sim")
        let thaw = try #require(Self.freeze(simFolder), "cannot make \(simFolder.path) read-only here")
        defer { thaw() }
        // Creating a wallet draws from the world's random sequence, which lives in the device file.
        let created = try sim("bitkit-sim", "wallet", "create")
        #expect(created.status == 3)
        #expect(created.stderr.contains("device.json"), "\(created.stderr)")
        // A network client draws its randomness there too, inside a call that cannot stop: the
        // action still fails once it ends.
        let signup = try sim("ring-sim", "signup", "#1")
        #expect(signup.status == 3, "\(signup.stdout)")
        #expect(signup.stderr.contains("device.json"), "\(signup.stderr)")
    }
}
