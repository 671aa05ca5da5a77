import AppRuntime
import AppRuntimeTesting
import AppSupport
import Testing

@testable import BitkitApp

/// Pubky Choice in later builds while an adoption runs (spec/09 §5, adding to spec/02 §11–§12): only
/// the tapped row spins, a foreground forgets misses without reloading the rows, and the row lookup
/// spinner carries its text while the screen has no loading text of its own.
@Suite struct PubkyChoiceWhileAdoptingTests {
    typealias F = BitkitFixture

    /// A held adoption of A (its run alive) with B's lookup still running.
    private func adoptingA() -> BitkitState {
        var state = F.onPubkyChoice([F.a, F.b])
        state.memory?.rowProfiles = RowProfileCache(found: [F.a: ProfileSummary(name: "Alice")], missed: [])
        state.memory?.choice?.lookingUp = [F.b]
        state.memory?.adoption = InFlightMarker(process: 2, subject: F.a)
        state.adoptionBusy = true
        return state
    }

    private func screen(_ state: BitkitState) throws -> Screen {
        BitkitScreenRenderer(state: state, memory: try #require(state.memory)).screen()
    }

    /// §5.1: the tapped row spins (no id) and every row is disabled; the others do not spin.
    @Test func onlyTheRowBeingAdoptedSpinsAndEveryRowIsDisabled() throws {
        let rows = try screen(adoptingA()).rows
        #expect(rows.map(\.id) == ["PubkyChoiceRing_\(F.a)", "PubkyChoiceRing_\(F.b)"])
        #expect(rows.map(\.loading) == [true, false])
        #expect(rows.map(\.disabled) == [true, true])
        #expect(rows.map(\.title) == ["Alice", "orhz...sqky"])
        var ended = adoptingA()
        ended.adoptionBusy = false
        #expect(try screen(ended).rows.map(\.loading) == [false, false])
    }

    /// §5.4: the lookup spinner `PubkyChoiceRingLookup_<z32>` carries `Loading your profile…`; the
    /// screen's texts hold no loading text.
    @Test func theLookupSpinnerCarriesItsTextAndTheScreenHasNoLoadingText() throws {
        let shown = try screen(adoptingA())
        #expect(shown.elements.map(\.id) == ["PubkyChoiceRingLookup_\(F.b)"])
        #expect(shown.elements.map(\.text) == ["Loading your profile…"])
        #expect(shown.texts == [BitkitTexts.choiceDescriptionRing])
        #expect(shown.rows.map(\.spinner) == [nil, "PubkyChoiceRingLookup_\(F.b)"])
    }

    /// §5.2: a foreground during an adoption forgets the misses but lists nothing and looks nothing
    /// up: the rows and the profiles found stay as they are.
    @Test func aForegroundDuringAnAdoptionForgetsMissesButDoesNotReloadTheRows() {
        var state = adoptingA()
        state.memory?.rowProfiles = RowProfileCache(found: [F.a: ProfileSummary(name: "Alice")], missed: [F.b])
        state.memory?.choice?.lookingUp = []
        state.memory?.inForeground = false
        var world = F.walletWorld()
        world.liveProcesses = [1, 2]
        let store = TestStore<Bitkit>(state, .foreground)
        store.run { world.respond($0, $1) }
        #expect(store.outcome == .finished)
        #expect(!store.calls.contains(.sharing(.listPeers)))
        #expect(store.networkCalls.isEmpty)
        #expect(store.state.pubkyChoice.rowProfiles == RowProfileCache(found: [F.a: ProfileSummary(name: "Alice")]))
        #expect(store.state.pubkyChoice.choice == PubkyChoiceList(pubkys: [F.a, F.b]))
        // Once the adoption's run is gone, a foreground reloads the rows again (spec/02 §11).
        world.liveProcesses = [1]
        let after = TestStore<Bitkit>(state, .foreground)
        after.run { world.respond($0, $1) }
        #expect(after.calls.contains(.sharing(.listPeers)))
    }
}
