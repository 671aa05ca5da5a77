import Foundation
import WorldFiles

/// The answer to one effect.
public enum Answer<App: AppBehaviour>: Sendable, Equatable {
    /// After a checkpoint: what the sandbox holds now (another action may have changed it).
    case resumed(App.Stored)
    /// A sharing call's answer, and what the sandbox held after a checkpoint the call passed
    /// inside itself (nil when it passed none).
    case sharing(SharingAnswer, reloaded: App.Stored?)
    case reply(App.Reply)
    case drawn(UInt64)
    case clock(Date)
    case fault(Bool)
    case online(Bool)
    case process(Int32)
    case alive(Bool)
    /// A world file failed where the effect needed it (exit 3).
    case broken(WorldError)
}
