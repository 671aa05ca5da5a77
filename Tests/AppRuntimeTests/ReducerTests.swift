import AppRuntime
import ContractNames
import Testing

/// The pure reducer: an action's effects up to the first that needs an answer, the next after each
/// answer, and the state at every step — no process, no disk.
@Suite struct ReducerTests {
    typealias R = Reducer<Tally>
    static let running = Tally.State(count: 2, memory: Tally.Memory(launchID: 9))

    @Test func aTapOnAnAppThatIsNotRunningLaunchesItFirst() {
        var (state, effects) = R.start(Tally.State(), .increment)
        #expect(effects == [.launchID])
        #expect(state.outcome == nil)
        effects = R.reduce(&state, .drawn(5))
        #expect(effects == [.journal(JournalLine(.lifecycle(.launch)))])
        #expect(state.outcome == .finished)
        #expect(state.app.count == 1)
        #expect(state.app.memory == Tally.Memory(launchID: 5))
    }

    @Test func aTapOnABackgroundedAppBringsItForwardFirst() {
        var background = Self.running
        background.memory?.inForeground = false
        let (state, effects) = R.start(background, .increment)
        #expect(effects == [.journal(JournalLine(.lifecycle(.foreground)))])
        #expect(state.app.memory?.log == ["active"])
        #expect(state.app.count == 3)
    }

    @Test func aSuspensionWaitsForItsAnswerAndGoesOnWithTheReloadedState() {
        var (state, effects) = R.start(Self.running, .awaitThenIncrement)
        #expect(effects == [.checkpoint(.beforeIncrement)])
        // The state at the suspension is what the runtime saves.
        #expect(state.app.memory?.log == ["waiting"])
        #expect(state.app.count == 2)
        // Another action raised the count to 7 meanwhile.
        effects = R.reduce(&state, .resumed(Tally.Stored(count: 7, memory: state.app.memory)))
        #expect(effects.isEmpty)
        #expect(state.outcome == .finished)
        #expect(state.app.count == 8)
    }

    @Test func anAppRelaunchedWhileItWaitedEndsTheActionAndLeavesTheOtherLaunchAlone() {
        var (state, _) = R.start(Self.running, .awaitThenIncrement)
        let other = Tally.Memory(launchID: 10)
        _ = R.reduce(&state, .resumed(Tally.Stored(count: 2, memory: other)))
        #expect(state.outcome == .finished)
        #expect(state.notices == ["Tally was terminated while this action waited; nothing more was done."])
        #expect(state.app.count == 2)
        #expect(Tally.stored(state.app).memory == other)
    }

    @Test func aStepWaitingForAnAnswerStopsThereEvenInsideAnAttempt() {
        var (state, effects) = R.start(Self.running, .echo(4))
        #expect(effects == [.sdkFault(.echo)])
        effects = R.reduce(&state, .fault(false))
        #expect(effects == [.request(.echo(4))])
        // No answer yet: the step has not given up on the echo.
        #expect(state.app.memory?.log == [])
        effects = R.reduce(&state, .reply(.echoed(40)))
        #expect(state.app.memory?.log == ["echoed 40"])
        #expect(state.outcome == .finished)
    }

    @Test func aFailureInsideAnAttemptIsNilAndTheStepGoesOn() {
        var (state, _) = R.start(Self.running, .echo(4))
        _ = R.reduce(&state, .fault(true))
        #expect(state.app.memory?.log == ["no echo"])
        #expect(state.effects == [.sdkFault(.echo)])
    }

    @Test func answersAfterTheEndChangeNothing() {
        var (state, _) = R.start(Self.running, .increment)
        #expect(state.outcome == .finished)
        let before = state
        #expect(R.reduce(&state, .drawn(1)).isEmpty)
        #expect(state == before)
    }

    @Test func backgroundingAnAppThatIsNotRunningIsANoticeNotAFailure() {
        let (state, effects) = R.start(Tally.State(), .background)
        #expect(effects.isEmpty)
        #expect(state.notices == ["Tally is not running."])
        #expect(state.outcome == .finished)
    }

    @Test func severalTapsInOneStepShareOneLaunch() {
        var (state, _) = R.start(Tally.State(), [.increment, .increment])
        _ = R.reduce(&state, .drawn(3))
        #expect(state.app.count == 2)
        #expect(state.effects.filter { $0 == .launchID }.count == 1)
    }
}
