/// The device as both status lines show it after a step.
public struct DeviceStatus: Sendable, Equatable {
    /// `unlocked`, `locked` or `never-unlocked` (the device's protection state).
    public var lock: String
    /// Apps whose network the simulator has cut off.
    public var offline: [Phone]

    public init(lock: String, offline: [Phone] = []) {
        self.lock = lock
        self.offline = offline
    }

    /// The status line's words for the lock state.
    public var lockLabel: String {
        switch lock {
        case "unlocked": return "Unlocked"
        case "locked": return "Locked"
        case "never-unlocked": return "Locked since boot"
        default: return lock
        }
    }
}
