import Device
import Simulation
import WorldFiles

/// An in-flight operation of one app run (an adoption, a signup approval), named by the run's
/// simulated pid. The run holds its liveness lock while it lives (`SimulatedProcess`), so a later
/// run tells a live operation from one whose process died or whose run ended — and nothing the
/// kernel chose (a real pid, a start time) is saved in the app's memory.
public struct InFlightMarker: Codable, Sendable, Equatable {
    /// The simulated pid of the run doing it.
    public var process: Int32
    /// What is being done, e.g. the pubky being adopted.
    public var subject: String

    public init(process: Int32, subject: String) {
        self.process = process
        self.subject = subject
    }

    /// A marker of the run `environment` acts in, which from now on holds its liveness lock.
    public init(subject: String, environment: AppEnvironment) throws(WorldError) {
        let process = environment.run.process
        try process.holdLiveness(in: environment.world)
        self.init(process: try process.pid(in: environment.world), subject: subject)
    }

    /// Whether the owning run still goes on, as seen from the run of `environment`: it is that
    /// very run, or it still holds its liveness lock.
    public func isAlive(seenFrom environment: AppEnvironment) -> Bool {
        if environment.run.process.assignedPID == process { return true }
        return SimulatedProcess.isAlive(pid: process, in: environment.world)
    }

    enum CodingKeys: String, CodingKey { case process, subject }

    /// A marker from before simulated pids names no run this world can find: it reads as dead.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        process = try container.decodeIfPresent(Int32.self, forKey: .process) ?? 0
        subject = try container.decode(String.self, forKey: .subject)
    }
}
