import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where the end-to-end tests' worlds and folders go, and the `TMPDIR` of every tool they start: a
/// folder of this test process in memory (`/dev/shm`) where the machine has one, else the temporary
/// directory. Thousands of worlds are made and removed in a run; on tmpfs that costs no disk
/// journal, which was a tenth of a scenario run's CPU. Removed when the test process exits.
enum Scratch {
    static let folder: URL = {
        let fallback = FileManager.default.temporaryDirectory
        guard access("/dev/shm", W_OK | X_OK) == 0 else { return fallback }
        let root = URL(fileURLWithPath: "/dev/shm").appendingPathComponent("pubky-e2e-\(getpid())")
        guard (try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)) != nil else {
            return fallback
        }
        atexit { try? FileManager.default.removeItem(at: Scratch.folder) }
        return root
    }()

    /// The environment a started tool gets: this process's, `TMPDIR` the scratch folder, then `extra`.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(["TMPDIR": folder.path]) { _, new in new }.merging(extra) {
            _, new in new
        }
    }
}
