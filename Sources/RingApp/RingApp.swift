import AppRuntime
import AppSupport
import ContractNames
import Device
import Foundation
import IdentitySharing

/// Pubky Ring on the simulated device: `send` runs one user step — its behaviour (`Ring`) run by the
/// app runtime on the app's main actor against its store, its private store, the identity-sharing
/// seam and the network — and returns the screen Ring now shows.
public final class RingApp {
    public let environment: AppEnvironment
    /// The device's OS: whether Ring may start now follows its rules.
    public let os: any PhoneOS
    let sharing: any IdentitySharing
    let host: RingHost
    /// The state as of the last step (or load).
    public private(set) var state: RingState
    /// What the simulator did besides the user's step during the last `send` (e.g. a token issued for
    /// QA), for the CLI to print.
    public private(set) var notes: [String] = []
    /// What the last `send` produced, for the tool to print.
    public private(set) var outcome = AppOutcome(screen: nil)

    public init(
        environment: AppEnvironment, os: any PhoneOS, privateStore: any RingPrivateStore,
        sharing: any IdentitySharing, defects: Set<Defect> = []
    ) {
        self.environment = environment
        self.os = os
        self.sharing = sharing
        var host = RingHost(privateStore: privateStore, policy: sharing.policy)
        host.defects = defects
        self.host = host
        self.state = RingState(policy: sharing.policy, defects: defects)
    }

    /// Runs `actions` as one user step and returns the screen, with every toast raised on the way.
    @discardableResult
    public func send(_ actions: RingAction...) throws -> Screen { try send(actions) }

    /// Runs `actions` as one user step and returns the screen, with every toast raised on the way.
    @discardableResult
    public func send(_ actions: [RingAction]) throws -> Screen {
        if !actions.isEmpty, let refusal = os.launchRefusal(in: environment) {
            let shown = try send([])
            outcome = AppOutcome(screen: shown, notices: [refusal])
            return shown
        }
        let context = try AppRuntime.act(actions, host: host, environment: environment, sharing: sharing)
        state = context.state
        notes = context.state.notes
        let screen = RingScreens.screen(context.state, toasts: context.state.raised, phrase: context.state.shownPhrase)
        outcome = AppOutcome(
            screen: screen, notices: context.notices, notes: context.state.notes, opened: context.state.opened)
        return screen
    }

    /// The screen Ring shows now, acting on nothing (so it shows no toast: none was raised).
    @discardableResult
    public func screen() throws -> Screen { try send([]) }

    /// Taps an element of the current screen, by testID or exact label, as that element does
    /// (spec/08 §2.2 rows 1–2); an element not shown, disabled, or shown without simulated behaviour
    /// is a refusal: a notice in `outcome`, the screen unchanged.
    @discardableResult
    public func tap(_ target: TapTarget) throws -> Screen {
        let shown = try screen()
        do {
            return try send(try RingTap.actions(for: try target.id(on: shown, app: "Pubky Ring"), on: shown))
        } catch let refusal as TapRefusal {
            outcome = AppOutcome(screen: shown, notices: [refusal.description + "."])
            return shown
        }
    }

    /// Reads the persisted state without acting (for inspection).
    public func loadState() throws -> RingState {
        let stored = try host.load(Sandbox(world: environment.world, app: .ring))
        state = host.state(from: stored)
        return state
    }
}
