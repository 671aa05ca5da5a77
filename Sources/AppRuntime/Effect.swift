import ContractNames
import Foundation
import IdentitySharing

/// What an app's behaviour asks of the world outside its state: one value per call, performed by
/// the runtime (or, in a test, answered by the test). Every effect but `journal` gets an `Answer`.
public enum Effect<App: AppBehaviour>: Sendable, Equatable {
    /// An `await` of the real app: the state is saved, the main actor released while the
    /// checkpoint may pause (a breakpoint, the race scheduler, jitter), and the state reloaded —
    /// another action of the same app may have run meanwhile. Answered `.resumed(reloaded)`.
    case checkpoint(App.Checkpoint)
    /// One call of the identity-sharing seam. Answered `.sharing(answer, reloaded:)`.
    case sharing(SharingCall<App.Checkpoint>)
    /// A call on the app's own stores or network client. Answered `.reply(…)`.
    case request(App.Request)
    /// The next value of the world's random sequence. Answered `.drawn(value)`.
    case draw
    /// A new launch's id, from a seeded stream of its own (launches leave the random sequence
    /// alone). Answered `.drawn(id)`.
    case launchID
    /// The device clock. Answered `.clock(date)`.
    case readClock
    /// Whether an SDK fault is armed for the app (a counted one is used up). Answered `.fault(armed)`.
    case sdkFault(App.Fault)
    /// Whether the device gives the app a network connection now. Answered `.online(flag)`.
    case connectivity
    /// This run's simulated pid, the run holding its liveness lock from now on (for an in-flight
    /// marker other runs can test). Answered `.process(pid)`.
    case holdProcess
    /// Whether the run given `pid` still goes on (this very run does). Answered `.alive(flag)`.
    case processAlive(Int32)
    /// A journal line (toasts, navigation, lifecycle, identity and log events). No answer.
    case journal(JournalLine)
    /// A wait on the device clock (nothing sleeps: the clock moves). No answer.
    case sleep(TimeInterval)
    /// The app's link handlers the OS routes links to from now on (Android's activity aliases,
    /// spec/07 §6.7): these enabled, every other disabled. The app decides; the OS applies it when
    /// the action ends. No answer.
    case linkAliases([String])

    /// Whether the behaviour waits for an answer.
    public var isAnswered: Bool {
        switch self {
        case .journal, .sleep, .linkAliases: return false
        default: return true
        }
    }

    /// Whether `answer` answers this effect: the kind the effect asks for (a reply the app says fits
    /// its request), or `broken` — a world file that failed — for any effect that waits.
    public func accepts(_ answer: Answer<App>) -> Bool {
        switch (self, answer) {
        case (_, .broken): return isAnswered
        case (.checkpoint, .resumed), (.draw, .drawn), (.launchID, .drawn), (.readClock, .clock),
            (.sdkFault, .fault), (.connectivity, .online), (.holdProcess, .process), (.processAlive, .alive):
            return true
        case (.sharing(let call), .sharing(let answer, _)): return call.accepts(answer)
        case (.request(let request), .reply(let reply)): return App.reply(reply, answers: request)
        default: return false
        }
    }
}
