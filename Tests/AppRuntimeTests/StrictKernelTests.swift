import AppRuntime
import AppRuntimeTesting
import ContractNames
import Foundation
import Testing

/// The kernel never goes on silently: an answer of another kind than its effect fails the step
/// (replayed or live, even inside `attempt`), and `TestStore` fails a test that answers wrongly,
/// answers after the end, leaves a step waiting, or runs past its budget.
@Suite struct StrictKernelTests {
    typealias R = Reducer<Tally>
    static let running = Tally.State(count: 2, memory: Tally.Memory(launchID: 9))
    static let date = Date(timeIntervalSince1970: 0)

    // MARK: The replay

    @Test func anAnswerGivenToTheWrongEffectFailsTheStepAndIsNotKept() {
        var (state, effects) = R.start(Tally.State(), .increment)
        #expect(effects == [.launchID])
        effects = R.reduce(&state, .clock(Self.date))
        #expect(effects.isEmpty)
        #expect(state.outcome == .failed("the answer clock(\(Self.date)) does not answer the effect launchID"))
        #expect(state.answers.isEmpty)
        #expect(state.app.count == 0)
    }

    @Test func aBrokenWorldAnswersAnyEffectThatWaits() {
        var (state, _) = R.start(Self.running, .awaitThenIncrement)
        _ = R.reduce(&state, .broken(.io(path: "memory", reason: "unreadable")))
        #expect(state.outcome != nil)
        #expect(state.answers.count == 1)
    }

    @Test func aSharingAnswerOfAnotherCallDoesNotAnswerIt() {
        #expect(!Effect<Tally>.sharing(.listPeers).accepts(.sharing(.presence(.present), reloaded: nil)))
        #expect(Effect<Tally>.sharing(.listPeers).accepts(.sharing(.listing(.listed([])), reloaded: nil)))
        #expect(!Effect<Tally>.journal(JournalLine(.navigation)).accepts(.broken(.io(path: "", reason: ""))))
    }

    /// A live runtime that answers wrongly: the action fails, even where the behaviour swallows
    /// failures with `attempt`.
    @Test func aLiveAnswerOfAnotherKindFailsTheActionEvenInsideAnAttempt() {
        struct Wrong: EffectPerformer {
            typealias App = Tally
            func perform(_ effect: Effect<Tally>, state: Tally.State) -> Answer<Tally>? { .online(true) }
        }
        var context = Context<Tally>(state: Self.running, performer: Wrong())
        #expect(throws: AnswerMismatch.self) { try Tally.act([.echo(4)], &context) }
        #expect(context.state.memory?.log == [])
    }

    // MARK: The test store

    /// The issue a known-issue block expects: one whose comment says `text`.
    static func saying(_ text: String) -> (Issue) -> Bool {
        { issue in issue.comments.contains { $0.rawValue.contains(text) } }
    }

    @Test func aTestStoreFailsATestThatAnswersTheWrongEffect() {
        withKnownIssue {
            let store = TestStore<Tally>(Tally.State(), .increment)
            store.answer(.clock(Self.date))
            #expect(store.outcome != .finished)
        } matching: {
            Self.saying("does not answer launchID")($0)
        }
    }

    @Test func aTestStoreFailsATestThatLeavesTheStepWaiting() {
        withKnownIssue {
            let store = TestStore<Tally>(Self.running, .awaitThenIncrement)
            #expect(store.awaiting == .checkpoint(.beforeIncrement))
        } matching: {
            Self.saying("still waiting for an answer to checkpoint")($0)
        }
    }

    @Test func aTestStoreFailsATestWhoseRunPassesItsBudget() {
        withKnownIssue {
            let store = TestStore<Tally>(Self.running, .spin)
            store.run(budget: 3) { _, _ in .drawn(1) }
            #expect(store.state.count == 5)
            // Answered to its end afterwards: the only issue is the budget's.
            store.answer(.drawn(0))
        } matching: {
            Self.saying("ran past its budget of 3 answers")($0)
        }
    }

    @Test func aTestStoreFailsATestThatAnswersAfterTheEnd() {
        withKnownIssue {
            let store = TestStore<Tally>(Self.running, .increment)
            #expect(store.outcome == .finished)
            store.answer(.drawn(1))
        } matching: {
            Self.saying("Nothing waits for an answer")($0)
        }
    }

    @Test func aStepAnsweredToItsEndPassesQuietly() {
        let store = TestStore<Tally>(Self.running, .spin)
        store.run(budget: 3) { _, state in .drawn(state.count < 4 ? 1 : 0) }
        #expect(store.outcome == .finished)
        #expect(store.calls == [.draw, .draw, .draw])
    }
}
