/// A schedule as a value: the lane chosen at each decision, in order (`aabab`). A run follows it
/// while it lasts and then the replay default (the lane that went last goes on while it can, else
/// the first lane that can), so a schedule only needs to spell out its decisions up to the last
/// one that differs from that default.
public struct Schedule: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var lanes: [Int]

    public init(_ lanes: [Int]) { self.lanes = lanes }

    /// The lanes' names, in order: a, b, c.
    public static let laneNames = ["a", "b", "c"]

    public static func name(ofLane lane: Int) -> String {
        lane < laneNames.count ? laneNames[lane] : "lane\(lane)"
    }

    /// Reads `aabab` (spaces, commas, dots and dashes between letters are ignored); nil for any
    /// other character.
    public init?(text: String) {
        var lanes: [Int] = []
        for character in text {
            if " ,.-".contains(character) { continue }
            guard let lane = Self.laneNames.firstIndex(of: String(character)) else { return nil }
            lanes.append(lane)
        }
        self.init(lanes)
    }

    /// The letters, e.g. `aabab`; `-` for the empty schedule (every decision the default).
    public var description: String {
        lanes.isEmpty ? "-" : lanes.map(Self.name(ofLane:)).joined()
    }

    public static func < (left: Schedule, right: Schedule) -> Bool { left.lanes.lexicographicallyPrecedes(right.lanes) }

    /// The shortest schedule that makes a replay take exactly `decisions`.
    public static func replaying(_ decisions: [Decision]) -> Schedule {
        var last: Int?
        var needed = 0
        for (index, decision) in decisions.enumerated() {
            if SchedulePolicy.replayDefault(enabled: decision.enabled, last: last) != decision.chosen {
                needed = index + 1
            }
            last = decision.chosen
        }
        return Schedule(decisions.prefix(needed).map(\.chosen))
    }

    /// `a:start → b:start → b:keychain copy …`: the decisions with the point each lane went on from.
    public static func trace(_ decisions: [Decision]) -> [String] {
        decisions.map { decision in
            "\(name(ofLane: decision.chosen)):\(decision.pending[decision.chosen]?.point ?? "?")"
        }
    }
}
