import Dispatch
import Foundation
import SimCLI
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The scratch folders a harness is using, removed when the process is interrupted (Ctrl-C,
/// SIGTERM, SIGHUP) before it could remove them itself: a race's, an exploration's or a crash
/// campaign's worlds live in memory (`/dev/shm`) and would otherwise stay there until the machine
/// restarts (a scenario run's, on disk, until someone cleans the temporary folder). The process
/// ends by the same signal, as the shell expects.
///
/// The removal is done by a small shell process started at the interrupt, once this process has
/// ended: removing the folders from inside raced with the harness's own threads and children, which
/// went on creating trial folders (with their parents) until the very end.
package enum InterruptCleanup {
    private struct State {
        package var folders: Set<String> = []
        package var sources: [any DispatchSourceSignal] = []
        /// Set with the remover's list taken: a folder tracked after it would never be removed.
        package var interrupted = false
    }

    private static let state = Mutex(State())
    /// The signal that interrupted the process: a thread that ends the process meanwhile (the
    /// harness failing as its children die) ends it by the signal too.
    private static let interruption = Mutex<Int32?>(nil)
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// Set by a long-lived server (`simctl mcp`) that ends on SIGTERM only between calls: a call
    /// then always completes and removes its own folders, so no handler may end the process mid-call.
    private static let heldByServer = Mutex(false)

    /// From now on, interrupts are the caller's to handle (see `heldByServer`).
    package static func leaveInterruptsToTheServer() { heldByServer.withLock { $0 = true } }

    /// Removes `folder` if the process is interrupted before `remove(folder)`. The first call
    /// installs the handlers, so commands that make no scratch folder never do.
    /// Once the process is interrupted, the calling thread waits here for the signal to end it
    /// instead of making a folder the remover does not know of.
    package static func track(_ folder: URL) {
        if heldByServer.withLock({ $0 }) { return }
        let admitted = state.withLock { state in
            guard !state.interrupted else { return false }
            state.folders.insert(folder.path)
            guard state.sources.isEmpty else { return true }
            atexit { InterruptCleanup.endByTheSignalIfInterrupted() }
            let queue = DispatchQueue(label: "interrupt-cleanup")
            state.sources = signals.map { number in
                #if canImport(Darwin)
                    // kqueue only reports a signal; its default action (ending the process) must be off.
                    signal(number, SIG_IGN)
                #endif
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { interrupted(by: number) }
                source.resume()
                return source
            }
            return true
        }
        while !admitted { pause() }
    }

    /// Removes `folder` now; an interrupt then leaves it alone.
    package static func remove(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
        _ = state.withLock { $0.folders.remove(folder.path) }
    }

    /// Waits (at most 10 s) until the process `$0` has ended and been reaped, then removes the
    /// folders until they have stayed away for a second (at most 10 s): children it started may
    /// still be running, e.g. a `simctl world init` that makes the folder's parents again.
    private static let remover = """
        i=0; while kill -0 "$0" 2>/dev/null && [ $i -lt 500 ]; do sleep 0.02; i=$((i+1)); done
        i=0; gone=0; while [ $i -lt 200 ] && [ $gone -lt 20 ]; do
          rm -rf -- "$@" 2>/dev/null; left=0
          for f in "$@"; do [ -e "$f" ] && left=1; done
          if [ $left = 0 ]; then gone=$((gone+1)); else gone=0; fi
          sleep 0.05; i=$((i+1))
        done
        """

    private static func interrupted(by number: Int32) {
        interruption.withLock { $0 = number }
        let folders = state.withLock { state in
            state.interrupted = true
            return state.folders
        }.sorted()
        if !folders.isEmpty {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", remover, String(getpid())] + folders
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try? process.runAlone()
        }
        endByTheSignalIfInterrupted()
    }

    /// Ends the process by the signal that interrupted it, if one did (exit status 128 + the
    /// number in a shell), not by an exit code.
    private static func endByTheSignalIfInterrupted() {
        guard let number = interruption.withLock({ $0 }) else { return }
        signal(number, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(number)
        _exit(128 + number)
    }
}
