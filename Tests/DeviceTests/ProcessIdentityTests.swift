import Foundation
import Simulation
import Testing

@testable import Device

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Processes are named by pid and start time, so a reused pid never revives a dead record.
@Suite struct ProcessIdentityTests {
    @Test func thisProcessHasAStartTimeAndIsAlive() throws {
        let me = ProcessIdentity.current
        #expect(me.pid == getpid())
        #expect(me.started != nil)
        #expect(me.isAlive)
    }

    @Test func aLivePidWithAnotherStartTimeIsAnotherProcess() throws {
        let started = try #require(ProcessIdentity.startTime(of: 1))
        #expect(ProcessIdentity(pid: 1, started: started).isAlive)
        #expect(!ProcessIdentity(pid: 1, started: started + 1).isAlive)
        // Records of older versions carry no start time: the pid alone decides.
        #expect(ProcessIdentity(pid: 1, started: nil).isAlive)
        #expect(!ProcessIdentity(pid: Int32.max - 3, started: nil).isAlive)
    }

    @Test func pausedRecordsOfThisProcessAreRecognisedByPidAndStartTime() {
        let mine = PausedProcess.current(app: .ring, checkpoint: "x", since: 0)
        #expect(mine.isCurrentProcess(app: .ring))
        #expect(!mine.isCurrentProcess(app: .bitkit))
        var reused = mine
        reused.started = (mine.started ?? 0) + 1
        #expect(!reused.isCurrentProcess(app: .ring))
        #expect(!reused.identity.isAlive)
    }

    #if os(Linux)
        @Test func theStartTimeIsField22CountedAfterTheCommandName() {
            // A command name may hold spaces and parentheses: fields are counted after the last ')'.
            let fields = (3...52).map { $0 == 22 ? "987654" : "\($0)" }.joined(separator: " ")
            #expect(ProcessIdentity.linuxStartTime(stat: "42 (a b) (c)) " + fields) == 987_654)
            #expect(ProcessIdentity.linuxStartTime(stat: "42 (short) 1 2 3") == nil)
        }
    #endif
}
