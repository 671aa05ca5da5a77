import Synchronization
import WorldFiles

/// Failures of the world's files met where an action cannot stop: a journal line that could not be
/// appended, a clock that could not be read inside a keychain call, a random draw inside a network
/// client. Each would make the run differ from its replay without a word, so they are collected
/// here and the entry point fails the action with exit 3 once it ends (`Tool.run`).
public final class WorldFailures: Sendable {
    private let failures = Mutex<[WorldError]>([])

    public init() {}

    /// Records `error` (the first one is what the action reports).
    public func record(_ error: WorldError) {
        failures.withLock { $0.append(error) }
    }

    /// Records whatever `body` throws, turning non-world errors into `WorldError.io`.
    public func recording<T>(_ path: String, _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch let error as WorldError {
            record(error)
        } catch {
            record(.io(path: path, reason: "\(error)"))
        }
        return nil
    }

    /// The first failure, if any.
    public var first: WorldError? { failures.withLock { $0.first } }
}
