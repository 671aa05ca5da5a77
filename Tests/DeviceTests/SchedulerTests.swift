import ContractNames
import Exploration
import Foundation
import Simulation
import Synchronization
import Testing

/// The scheduler board in explore mode, with threads standing in for the lanes' processes.
@Suite struct SchedulerTests {
    /// Runs each lane's points on a thread of its own under `board` and returns the order the steps
    /// after the points ran in (`a1` = lane a's first point).
    static func run(_ lanes: [[SchedulingPoint]], board: String) -> [String] {
        let order = Mutex<[String]>([])
        let group = DispatchGroup()
        for (index, points) in lanes.enumerated() {
            let lane = RunContext.lanes[index]
            group.enter()
            Thread.detachNewThread {
                let context = try? RunContext(variables: ["SIM_SCHEDULE": board, "SIM_LANE": lane], number: 0)
                for (step, point) in points.enumerated() {
                    context?.scheduler?.schedule(point)
                    order.withLock { $0.append("\(lane)\(step + 1)") }
                }
                RaceScheduler.set(lane: lane, to: .done, at: board)
                group.leave()
            }
        }
        group.wait()
        return order.withLock { $0 }
    }

    static func board() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("board-\(UUID().uuidString).json").path
    }

    static func write(_ account: String, app: AppKind) -> SchedulingPoint {
        .keychain(
            call: "add", writes: true, groups: [SharedContract.accessGroup], allGroups: false,
            service: SharedContract.service, account: account, app: app, holdsMainActor: false)
    }

    @Test func aScheduleDecidesWhoGoesOnAndEveryDecisionIsLoggedWithThePendingSteps() throws {
        let board = Self.board()
        defer { RaceScheduler.remove(at: board) }
        try RaceScheduler.prepare(
            at: board, lanes: 2, plan: RaceScheduler.Plan(policy: SchedulePolicy(forced: Schedule(text: "bab")!)))
        let order = Self.run(
            [
                [Self.write("app.pubkyring:x", app: .ring), Self.write("app.pubkyring:y", app: .ring)],
                [Self.write("to.bitkit:w", app: .bitkit), Self.write("to.bitkit:v", app: .bitkit)],
            ], board: board)
        // b, a, b as told, then the replay default: the lane that went last (b) goes on… but b is done.
        #expect(order == ["b1", "a1", "b2", "a2"])
        let decisions = try RaceScheduler.decisions(at: board)
        #expect(decisions.map(\.chosen) == [1, 0, 1, 0])
        #expect(decisions[0].pending.map { $0?.point } == ["keychain add app.pubkyring:x", "keychain add to.bitkit:w"])
        #expect(decisions[3].pending[1] == nil, "lane b is done at the last decision")
        #expect(RaceScheduler.diverged(at: board) == nil)
        #expect(Schedule.replaying(decisions) == Schedule(text: "bab"))
    }

    @Test func aLaneWaitingForItsAppsMainActorIsNeverPicked() throws {
        let board = Self.board()
        defer { RaceScheduler.remove(at: board) }
        // The schedule asks for lane b first, but b needs Bitkit's main actor, which lane a holds
        // while it waits inside a keychain call: the board records the divergence and lets a go on.
        try RaceScheduler.prepare(
            at: board, lanes: 2, plan: RaceScheduler.Plan(policy: SchedulePolicy(forced: Schedule(text: "b")!)))
        let holding = SchedulingPoint.keychain(
            call: "copy", writes: false, groups: [SharedContract.accessGroup], allGroups: false,
            service: SharedContract.service, account: "app.pubkyring:x", app: .bitkit, holdsMainActor: true)
        let order = Self.run([[holding], [.checkpoint("bitkit.pick.before-read", app: .bitkit)]], board: board)
        #expect(order == ["a1", "b1"])
        let decisions = try RaceScheduler.decisions(at: board)
        #expect(decisions.first?.enabled == [true, false])
        #expect(RaceScheduler.diverged(at: board) == 0)
    }

    @Test func pointsAreNamedAsSchedulesAndTheJournalShowThem() {
        let shared = SchedulingPoint.keychain(
            call: "copy", writes: false, groups: [SharedContract.accessGroup], allGroups: false,
            service: SharedContract.service, account: "app.pubkyring:abc", app: .bitkit, holdsMainActor: true)
        #expect(shared.name == "keychain copy app.pubkyring:abc")
        #expect(
            shared.footprint
                == .reads(["keychain", SharedContract.accessGroup, SharedContract.service, "app.pubkyring:abc"]))
        let list = SchedulingPoint.keychain(
            call: "copy", writes: false, groups: [SharedContract.accessGroup], allGroups: false,
            service: SharedContract.service, account: nil, app: .ring, holdsMainActor: true)
        #expect(list.name == "keychain copy all \(SharedContract.service)")
        // A listing conflicts with a write to any account of the service, not with another read.
        #expect(list.footprint.conflicts(with: Self.write("app.pubkyring:abc", app: .ring).footprint))
        #expect(!list.footprint.conflicts(with: shared.footprint))
        let request = SchedulingPoint.backend(
            service: "homeserver", operation: "GET /session", subject: "abc", app: .bitkit, holdsMainActor: true)
        #expect(request.name == "backend homeserver GET /session")
        #expect(request.footprint == .reads(["backend", "abc"]))
        #expect(SchedulingPoint.start(app: nil).footprint == .everything)
    }

    @Test func theSeededCoinStillDecidesARaceIteration() throws {
        let board = Self.board()
        defer { RaceScheduler.remove(at: board) }
        try RaceScheduler.prepare(at: board, seed: 8)
        let first = Self.run([[.start(app: .ring)], [.start(app: .bitkit)]], board: board)
        try RaceScheduler.prepare(at: board, seed: 8)
        let again = Self.run([[.start(app: .ring)], [.start(app: .bitkit)]], board: board)
        #expect(first == again)
        #expect(RaceScheduler.trace(at: board).count == 2)
    }
}

/// A lane that never gets its turn (the other lane's process stopped without telling the board) is
/// not let run on into an interleaving no seed decided: the board names it stuck, with its point.
@Test func aLaneThatNeverGetsItsTurnIsWrittenOnTheBoardAsStuck() throws {
    let board = SchedulerTests.board()
    defer {
        try? FileManager.default.removeItem(atPath: board)
        try? FileManager.default.removeItem(atPath: board + ".lock")
    }
    try RaceScheduler.prepare(at: board, seed: 1)
    // Lane b stays "running" forever: lane a can never be picked.
    let laneA = RaceSchedulerProbe.scheduler(board: board, lane: "a", turnTimeout: 0.3)
    let started = Date()
    laneA.schedule(SchedulerTests.write("app.pubkyring:x", app: .ring))
    #expect(Date().timeIntervalSince(started) >= 0.3)
    let stuck = try #require(RaceScheduler.stuck(at: board))
    #expect(stuck.contains("lane a"))
    #expect(stuck.contains("keychain add app.pubkyring:x"))

    // The iteration is discarded now: the lane's later points do not wait out the timeout again.
    let again = Date()
    laneA.schedule(SchedulerTests.write("app.pubkyring:y", app: .ring))
    laneA.schedule(SchedulerTests.write("app.pubkyring:z", app: .ring))
    #expect(Date().timeIntervalSince(again) < 0.3)
}
