import ContractNames
import Exploration
import Foundation
import PubkyCrypto
import SafeFiles
import Synchronization
import WorldFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The deterministic scheduler of the race harness and the explorer. The lanes (a, b, c) of app
/// processes share a small board file; at every scheduling point (a run's start, a named checkpoint,
/// each keychain call and network request) a lane writes where it waits and what its next step
/// touches, and waits until no lane is running. Then one decision picks the lane that goes on:
///
/// - the race harness's seeded coin (`prepare(at:seed:)`): the same seed replays the same
///   interleaving;
/// - the explorer's schedule (`prepare(at:lanes:plan:)`): the decisions a `SchedulePolicy` takes,
///   each one recorded with every lane's pending step in a log beside the board, so the explorer
///   can branch from it.
///
/// A lane waiting for its app's main actor while another lane of the same app holds it is never
/// picked. A run is scheduled when its `RunContext` says so (`SIM_SCHEDULE`, `SIM_LANE`); an optional
/// seeded sleep (`SIM_JITTER_MS`) shakes timing further. A lane that cannot get its turn within
/// `turnTimeout` is written on the board as stuck, and the harness reports the iteration as its own
/// error: never a silently different interleaving.
public final class RaceScheduler: Sendable {
    public enum LaneState: String, Codable, Sendable { case running, waiting, done }

    /// Where a lane waits and what its next step needs.
    public struct Waiting: Codable, Sendable, Equatable {
        public var step: PendingStep
        public var app: AppKind?
        public var holdsMainActor: Bool
        public var needsMainActor: Bool
    }

    /// The shared file's content.
    public struct Board: Codable, Sendable, Equatable {
        public var lanes: [String: LaneState]
        public var turn: String?
        public var draws: UInt64
        public var seed: UInt64
        /// The decisions taken, in order: which lane went on at which point.
        public var trace: [String]
        /// Set when a lane gave up waiting for its turn: which lane, at which point.
        public var stuck: String?
        public var waiting: [String: Waiting]
        /// Explorer boards: where the run stands in its schedule (nil: the seeded coin decides).
        public var position: SchedulePolicy.Position?
        /// Explorer boards: the first decision at which the schedule named a lane that could not go on.
        public var diverged: Int?
        /// Explorer boards with state deduplication: per lane, a digest of everything it has observed.
        public var observations: [String: String]

        public init(seed: UInt64, lanes names: [String] = ["a", "b"]) {
            lanes = Dictionary(uniqueKeysWithValues: names.map { ($0, LaneState.running) })
            turn = nil
            draws = 0
            self.seed = seed
            trace = []
            waiting = [:]
            observations = [:]
        }

        /// The lanes in order (a, b, c): decisions and schedules number them so.
        package var names: [String] { lanes.keys.sorted() }
    }

    /// What an explorer board's runs follow: the schedule and how to decide past it.
    public struct Plan: Codable, Sendable, Equatable {
        public var policy: SchedulePolicy
        /// The world the lanes act in, when decisions should carry a state digest (deduplication).
        public var world: String?

        public init(policy: SchedulePolicy, world: String? = nil) {
            self.policy = policy
            self.world = world
        }
    }

    /// How long a lane waits for its turn before the board calls it stuck: long enough that a slow
    /// start of the other lane's process on a loaded machine is not mistaken for a stuck lane (a
    /// lane whose process ends tells the board), short of a step's own timeout.
    package static let defaultTurnTimeout: TimeInterval = 30
    package let turnTimeout: TimeInterval

    package let path: String
    package let lane: String
    package let jitter: Jitter?
    /// Whether keychain calls and network requests are scheduling points (`SIM_POINTS`).
    public let accessPoints: Bool
    private let started = Atomic<Bool>(false)
    /// The explorer's plan, read once per run (nil inside: a coin board).
    private let plan = Mutex<Plan??>(nil)

    package init(
        path: String, lane: String, jitter: Jitter?, accessPoints: Bool = true,
        turnTimeout: TimeInterval = defaultTurnTimeout
    ) {
        self.path = path
        self.lane = lane
        self.jitter = jitter
        self.accessPoints = accessPoints
        self.turnTimeout = turnTimeout
    }

    /// Creates the board for one race iteration (harness side): lanes a and b, a seeded coin.
    public static func prepare(at path: String, seed: UInt64) throws {
        try? FileManager.default.removeItem(atPath: planPath(path))
        try write(Board(seed: seed), to: path)
    }

    /// Creates the board for one explored schedule (harness side).
    public static func prepare(at path: String, lanes: Int, plan: Plan) throws {
        var board = Board(seed: 0, lanes: Array(Schedule.laneNames.prefix(lanes)))
        board.position = SchedulePolicy.Position()
        do {
            try AtomicFile.write(
                try JSONEncoder().encode(plan), to: URL(fileURLWithPath: planPath(path), isDirectory: false),
                durable: false)
        } catch let error as FileError {
            throw WorldError(error)
        }
        try? FileManager.default.removeItem(atPath: decisionsPath(path))
        try write(board, to: path)
    }

    /// Marks a lane finished or running again (harness side, between a lane's processes).
    public static func set(lane: String, to state: LaneState, at path: String) {
        _ = try? update(path) { board in
            board.lanes[lane] = state
            board.waiting[lane] = nil
        }
    }

    /// The board's decisions (for reports).
    public static func trace(at path: String) -> [String] {
        (try? read(path))?.trace ?? []
    }

    /// Why the iteration's schedule cannot be trusted (a lane that never got its turn), if so.
    public static func stuck(at path: String) -> String? {
        (try? read(path))?.stuck
    }

    /// An explorer board's decisions, in order, each with every lane's pending step.
    public static func decisions(at path: String) throws -> [Decision] {
        guard let data = FileManager.default.contents(atPath: decisionsPath(path)) else { return [] }
        let decoder = JSONDecoder()
        return try data.split(separator: UInt8(ascii: "\n")).map { try decoder.decode(Decision.self, from: Data($0)) }
    }

    /// The first decision at which an explorer board's schedule could not be followed, if any.
    public static func diverged(at path: String) -> Int? {
        (try? read(path))?.diverged
    }

    /// Removes the board and the files beside it.
    public static func remove(at path: String) {
        for file in [path, path + ".lock", planPath(path), decisionsPath(path)] {
            try? FileManager.default.removeItem(atPath: file)
        }
    }

    package static func planPath(_ path: String) -> String { path + ".plan" }
    package static func decisionsPath(_ path: String) -> String { path + ".decisions" }

    /// The scheduling point at the start of a run, taken once per run (the first of the app's
    /// environment or the tool's start, whichever comes first).
    package func processStarted(_ point: SchedulingPoint) {
        guard !started.exchange(true, ordering: .relaxed) else { return }
        schedule(point)
    }

    /// The lane's name (`a`, `b`, `c`).
    public var laneName: String { lane }

    /// A scheduling point: wait until this lane is picked to go on.
    public func schedule(_ point: SchedulingPoint) {
        jitter?.sleep()
        // Real time on purpose: this bounds a real wait between real processes.
        let deadline = Date().addingTimeInterval(turnTimeout)
        let lane = self.lane
        let waiting = Waiting(
            step: PendingStep(point: point.name, footprint: point.footprint), app: point.app,
            holdsMainActor: point.holdsMainActor, needsMainActor: point.needsMainActor)
        _ = try? Self.update(path) { board in
            board.lanes[lane] = .waiting
            board.waiting[lane] = waiting
        }
        let plan = loadPlan()
        var pause: useconds_t = 50
        while true {
            // Most polls find another lane still running: look under the shared lock first and take
            // the exclusive one only when this lane can act.
            if let board = try? Self.read(path), !canAct(on: board) {
                // Once a lane was found stuck the iteration is not decided by the seed any more and
                // the harness discards it: nobody waits again, so it ends after one timeout, not one
                // per remaining point.
                if board.stuck != nil { return }
                if Date() > deadline {
                    giveUp(at: point.name)
                    return
                }
                usleep(pause)
                pause = min(pause * 2, 1_000)
                continue
            }
            let path = self.path
            let go =
                (try? Self.update(path) { board -> Bool in
                    if board.turn == nil, !board.lanes.values.contains(.running) {
                        Self.decide(&board, plan: plan, log: path)
                    }
                    guard board.turn == lane else { return false }
                    board.turn = nil
                    board.lanes[lane] = .running
                    board.waiting[lane] = nil
                    board.trace.append("\(lane):\(point.name)")
                    return true
                }) ?? true
            if go { return }
            // Never hang a race on a lane that stopped without telling the board.
            if Date() > deadline {
                giveUp(at: point.name)
                return
            }
            usleep(100)
        }
    }

    /// Picks the lane that goes on, once every lane waits or is done.
    package static func decide(_ board: inout Board, plan: Plan?, log path: String) {
        let names = board.names
        let pending = names.map { board.waiting[$0]?.step }
        let enabled = names.map { name -> Bool in
            guard let waiting = board.waiting[name] else { return false }
            guard waiting.needsMainActor, let app = waiting.app else { return true }
            // The main actor is held by a lane of the same app that waits inside a call.
            return !board.waiting.contains { other, lane in other != name && lane.app == app && lane.holdsMainActor }
        }
        guard enabled.contains(true) else { return }
        board.draws += 1
        guard let plan, let position = board.position else {
            let candidates = names.indices.filter { enabled[$0] }
            let index =
                candidates.count == 1
                ? candidates[0] : candidates[Int(mix(board.seed, board.draws) % UInt64(candidates.count))]
            board.turn = names[index]
            return
        }
        guard let choice = plan.policy.choose(pending: pending, enabled: enabled, at: position) else { return }
        if choice.diverged, board.diverged == nil { board.diverged = position.decisions }
        var state: String?
        if let root = plan.world {
            let world = World(root: URL(fileURLWithPath: root, isDirectory: true), durable: false)
            state = digest(board, world: world, names: names, pending: pending, enabled: enabled, plan: plan)
            if let step = pending[choice.lane] { observe(step, lane: names[choice.lane], on: &board, world: world) }
        }
        board.position = plan.policy.advance(position, chose: choice.lane, pending: pending)
        board.turn = names[choice.lane]
        let decision = Decision(pending: pending, enabled: enabled, chosen: choice.lane, state: state)
        if var line = try? JSONEncoder().encode(decision) {
            line.append(UInt8(ascii: "\n"))
            append(line, to: decisionsPath(path))
        }
    }

    /// The state at a decision where the explorer may branch (every lane that can go on is about to
    /// take a visible step): the device's files and what each lane waits at and has observed.
    package static func digest(
        _ board: Board, world: World, names: [String], pending: [PendingStep?], enabled: [Bool], plan: Plan
    ) -> String? {
        let lanes = names.indices.filter { enabled[$0] }
        let visibility = plan.policy.visibility
        guard lanes.count > 1,
            lanes.allSatisfy({ lane in
                pending[lane].map { visibility?.isVisible($0.footprint, lane: lane) ?? true } ?? false
            })
        else { return nil }
        var text = WorldDigest.files(of: world)
        for (index, name) in names.enumerated() {
            text += "\n\(name) at \(pending[index]?.point ?? "the end") after \(board.observations[name] ?? "nothing")"
        }
        return Hex.encode(SHA256.hash(Array(text.utf8)))
    }

    /// Adds what `step` is about to see to its lane's observations. An app's own sandbox is private
    /// to the lane unless another lane drives the same app: then it is observed too.
    package static func observe(_ step: PendingStep, lane: String, on board: inout Board, world: World) {
        let app = board.waiting[lane]?.app
        let shared = board.waiting.contains { other, waiting in
            other != lane && waiting.app != nil && waiting.app == app
        }
        let private_ = step.footprint.accesses.allSatisfy { $0.resource.first == "sandbox" } && !shared
        let seen = private_ ? "" : StateDigest.observation(of: step.footprint, in: world)
        let text = (board.observations[lane] ?? "") + "\n" + step.point + " saw " + seen
        board.observations[lane] = Hex.encode(SHA256.hash(Array(text.utf8)))
    }

    private static func append(_ line: Data, to path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = line.withUnsafeBytes { bytes in
            #if canImport(Glibc)
                Glibc.write(descriptor, bytes.baseAddress, bytes.count)
            #else
                Darwin.write(descriptor, bytes.baseAddress, bytes.count)
            #endif
        }
    }

    private func loadPlan() -> Plan? {
        plan.withLock { cached in
            if let cached { return cached }
            let loaded = FileManager.default.contents(atPath: Self.planPath(path)).flatMap {
                try? JSONDecoder().decode(Plan.self, from: $0)
            }
            cached = .some(loaded)
            return loaded
        }
    }

    /// Records that this lane could not get its turn, then runs on so the process ends.
    private func giveUp(at point: String) {
        let lane = self.lane
        _ = try? Self.update(path) { board in
            board.lanes[lane] = .running
            board.waiting[lane] = nil
            if board.stuck == nil {
                board.stuck =
                    "lane \(lane) waited \(Int(turnTimeout)) s for its turn at `\(point)` and never got it"
            }
        }
    }

    /// Whether this lane has the turn, or the turn is free and no other lane is running.
    private func canAct(on board: Board) -> Bool {
        board.turn == lane
            || (board.turn == nil && !board.lanes.contains { name, state in name != lane && state == .running })
    }

    package static func mix(_ seed: UInt64, _ draw: UInt64) -> UInt64 {
        var z = seed &+ draw &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    // MARK: The board file, under flock

    package static func read(_ path: String) throws -> Board {
        try FileLock.with(path + ".lock", .shared) { _ in try decode(path) }
    }

    /// Applies `change`; the board is rewritten only when it changed, because a waiting lane polls
    /// it and most polls change nothing.
    @discardableResult
    package static func update<T>(_ path: String, _ change: (inout Board) -> T) throws -> T {
        try FileLock.with(path + ".lock", .exclusive) { _ in
            let original = try decode(path)
            var board = original
            let result = change(&board)
            if board != original { try write(board, to: path) }
            return result
        }
    }

    private static func contents(_ path: String) throws -> Data {
        guard let bytes = try InputLimit.schedulerBoard.readWorldFile(path) else {
            throw WorldError.missing(path: path)
        }
        return Data(bytes)
    }

    /// The last board this process decoded, with its bytes: a waiting lane polls a board that
    /// mostly has not changed since its last look.
    private static let lastDecoded = Mutex<(path: String, bytes: Data, board: Board)?>(nil)

    private static func decode(_ path: String) throws -> Board {
        let data = try contents(path)
        if let last = lastDecoded.withLock({ $0 }), last.path == path, last.bytes == data { return last.board }
        let board = try JSONDecoder().decode(Board.self, from: data)
        lastDecoded.withLock { $0 = (path, data, board) }
        return board
    }

    /// Atomic but not fsynced: the board is scratch state of one iteration, never needed after a
    /// power loss, and two fsyncs per scheduling decision were most of the harness's time.
    private static func write(_ board: Board, to path: String) throws {
        do {
            try AtomicFile.write(
                try JSONEncoder().encode(board), to: URL(fileURLWithPath: path, isDirectory: false), durable: false)
        } catch let error as FileError {
            throw WorldError(error)
        }
    }
}
