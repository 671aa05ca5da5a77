import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The race harness's deterministic scheduler. Two lanes (a and b) of app processes share a small
/// state file; at every checkpoint, and when a process starts, a lane waits until the other lane is
/// also waiting (or finished), then a coin drawn from the seed decides which lane goes on. The same
/// seed therefore replays the same interleaving. Off unless `SIM_SCHEDULE`, `SIM_LANE` and
/// `SIM_SCHEDULE_SEED` are set. An optional seeded sleep (`SIM_JITTER_MS`) shakes timing further.
public final class RaceScheduler: @unchecked Sendable {
    public enum LaneState: String, Codable, Sendable { case running, waiting, done }

    /// The shared file's content.
    public struct Board: Codable, Sendable, Equatable {
        public var lanes: [String: LaneState]
        public var turn: String?
        public var draws: UInt64
        public var seed: UInt64
        /// The decisions taken, in order: which lane went on at which point.
        public var trace: [String]

        public init(seed: UInt64) {
            lanes = ["a": .running, "b": .running]
            turn = nil
            draws = 0
            self.seed = seed
            trace = []
        }
    }

    let path: String
    let lane: String
    let jitter: Jitter?
    private var started = false

    init(path: String, lane: String, jitter: Jitter?) {
        self.path = path
        self.lane = lane
        self.jitter = jitter
    }

    /// Creates the board for one iteration (harness side).
    public static func prepare(at path: String, seed: UInt64) throws {
        try write(Board(seed: seed), to: path)
    }

    /// Marks a lane finished or running again (harness side, between a lane's processes).
    public static func set(lane: String, to state: LaneState, at path: String) {
        _ = try? update(path) { board in board.lanes[lane] = state }
    }

    /// The board's decisions (for reports).
    public static func trace(at path: String) -> [String] {
        (try? read(path))?.trace ?? []
    }

    /// A scheduling point at process start, taken once per run (`ProcessRun`).
    func processStarted() {
        guard !started else { return }
        started = true
        schedule("start")
    }

    /// A scheduling point: wait for a turn, drawn from the seed once both lanes wait.
    func schedule(_ point: String) {
        jitter?.sleep()
        let deadline = Date().addingTimeInterval(5)
        _ = try? Self.update(path) { board in board.lanes[lane] = .waiting }
        var pause: useconds_t = 50
        while true {
            // Most polls find the other lane still running: look under the shared lock first and
            // take the exclusive one only when this lane can act.
            if let board = try? Self.read(path), !canAct(on: board) {
                if Date() > deadline {
                    _ = try? Self.update(path) { board in board.lanes[lane] = .running }
                    return
                }
                usleep(pause)
                pause = min(pause * 2, 1_000)
                continue
            }
            let go =
                (try? Self.update(path) { board -> Bool in
                    let other = lane == "a" ? "b" : "a"
                    let otherState = board.lanes[other] ?? .done
                    if board.turn == nil, otherState != .running {
                        let candidates = [lane, other].filter { board.lanes[$0] == .waiting }.sorted()
                        board.draws += 1
                        board.turn =
                            candidates.count == 1
                            ? candidates[0] : candidates[Int(Self.mix(board.seed, board.draws) % 2)]
                    }
                    guard board.turn == lane else { return false }
                    board.turn = nil
                    board.lanes[lane] = .running
                    board.trace.append("\(lane):\(point)")
                    return true
                }) ?? true
            if go { return }
            // Never hang a race on a lane that stopped without telling the board.
            if Date() > deadline {
                _ = try? Self.update(path) { board in board.lanes[lane] = .running }
                return
            }
            usleep(100)
        }
    }

    /// Whether this lane has the turn, or the turn is free and the other lane is not running.
    private func canAct(on board: Board) -> Bool {
        let other = lane == "a" ? "b" : "a"
        return board.turn == lane || (board.turn == nil && (board.lanes[other] ?? .done) != .running)
    }

    static func mix(_ seed: UInt64, _ draw: UInt64) -> UInt64 {
        var z = seed &+ draw &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    // MARK: The board file, under flock

    static func read(_ path: String) throws -> Board {
        try FileLock.with(path + ".lock", .shared) { _ in try decode(path) }
    }

    /// Applies `change`; the board is rewritten only when it changed, because a waiting lane polls
    /// it every 100 µs and most polls change nothing.
    @discardableResult
    static func update<T>(_ path: String, _ change: (inout Board) -> T) throws -> T {
        try FileLock.with(path + ".lock", .exclusive) { _ in
            let data = try contents(path)
            let original = try JSONDecoder().decode(Board.self, from: data)
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

    private static func decode(_ path: String) throws -> Board {
        try JSONDecoder().decode(Board.self, from: try contents(path))
    }

    /// Atomic but not fsynced: the board is scratch state of one iteration, never needed after a
    /// power loss, and two fsyncs per scheduling decision were most of the harness's time.
    private static func write(_ board: Board, to path: String) throws {
        try AtomicFile.write(try JSONEncoder().encode(board), to: URL(fileURLWithPath: path), durable: false)
    }
}
