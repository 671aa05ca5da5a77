import AppRuntime
import AppRuntimeTesting
import BitkitApp
import ContractNames
import Device
import IdentitySharing
import PubkyCrypto
import Testing

/// The scanner and `pubkyauth://` links (`AuthLinks`, spec/02 §14; the reviewed hazards R1, R2):
/// the sheets a code opens and `Authorize`, step by step through the reducer.
@Suite struct AuthLinksFeatureTests {
    typealias F = BitkitFixture

    static let signinLink =
        "pubkyauth://signin?caps=/pub/pubky.app/:rw&relay=https://httprelay.pubky.app/inbox"
        + "&secret=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"

    /// spec/02 §14.2: a sign-in link with an adopted Ring key: the approval sheet, then on Authorize
    /// the key is read just in time, its record re-checked, and the token delivered.
    @Test func aSignInIsApprovedWithTheRingKeyReadJustInTime() {
        let (state, _) = F.adoptedA()
        let store = TestStore<Bitkit>(state, .scan(Self.signinLink), .approve)
        #expect(store.awaiting == .request(.store(.load(BitkitStoreKey.session))))
        store.answer(.reply(.value("\(F.a):s-tkrq")))
        #expect(store.awaiting == .request(.store(.load(BitkitStoreKey.secretKey))))
        store.answer(.reply(.value(nil)))
        #expect(store.awaiting == .sharing(.readSecret(F.ringA)))
        store.answer(.sharing(.secret(.found(F.aSecret)), reloaded: nil))
        #expect(
            store.state.memory?.sheet
                == .authApproval(link: Self.signinLink, capabilities: "/pub/pubky.app/:rw", phase: .authorizing))
        #expect(store.awaiting == .checkpoint(.authBeforeRead))
        store.answer(.resumed(Bitkit.stored(store.state)))
        #expect(store.awaiting == .request(.store(.load(BitkitStoreKey.secretKey))))
        store.answer(.reply(.value(nil)))
        #expect(store.awaiting == .sharing(.readSecret(F.ringA)))
        store.answer(.sharing(.secret(.found(F.aSecret)), reloaded: nil))
        #expect(store.awaiting == .checkpoint(.authBeforeRepublish))
        store.answer(.resumed(Bitkit.stored(store.state)))
        #expect(store.awaiting == .request(.network(.recordCheck, .recordCheck(pubky: F.a))))
        store.answer(.reply(.recordCheck(.found)))
        #expect(store.awaiting == .checkpoint(.authBeforeRelay))
        store.answer(.resumed(Bitkit.stored(store.state)))
        #expect(store.awaiting == .request(.network(.approve, .approve(link: Self.signinLink, F.pair(F.aSecret)))))
        store.answer(.reply(.done))
        #expect(store.outcome == .finished)
        #expect(
            store.state.memory?.sheet
                == .authApproval(link: Self.signinLink, capabilities: "/pub/pubky.app/:rw", phase: .success))
        #expect(store.toasts.isEmpty)
    }

    /// R1: approving a signup link publishes the own record right away, before the profile exists.
    @Test func aSignupLinkApprovalPublishesTheOwnRecordAtOnce() {
        var world = F.walletWorld()
        let link = "pubkyauth://direct_signup?hs=\(Fixture.hs)&st=AAAA-BBBB-CCCC"
        let store = TestStore<Bitkit>(F.baseline(), .scan(link), .approve)
        store.run { world.respond($0, $1) }
        let signUp = store.calls.firstIndex {
            if case .request(.network(_, .signUp)) = $0 { return true } else { return false }
        }
        let offer = store.calls.firstIndex(of: .sharing(.offer(pubky: F.w, secret: F.wSecret, between: nil)))
        #expect(signUp != nil && offer != nil && signUp! < offer!)
        #expect(store.state.memory?.isProfileSetupPending == true)
        #expect(world.own["to.bitkit.dev:\(F.w)"] == F.wSecret)
        #expect(world.privateStore[BitkitStoreKey.secretKey] == F.wSecret)
    }

    @Test func aSignupLinkIsRefusedWhileAPickedPubkyIsReferenced() {
        var (state, world) = F.adoptedA()
        state.memory?.publicKey = nil
        state.memory?.authState = .idle
        world.privateStore[BitkitStoreKey.session] = nil
        let store = TestStore<Bitkit>(state, .scan("pubkyauth://direct_signup?hs=\(Fixture.hs)&st=AAAA-BBBB-CCCC"))
        store.run { world.respond($0, $1) }
        #expect(store.toasts == ["info · \(BitkitTexts.alreadySignedIn)"])
        #expect(store.networkCalls.isEmpty)
        #expect(store.state.memory?.sheet == nil)
    }
}
