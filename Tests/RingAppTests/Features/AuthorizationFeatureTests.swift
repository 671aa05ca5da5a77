import AppRuntime
import AppRuntimeTesting
import ContractNames
import Foundation
import IdentitySharing
import PubkyCrypto
import RingApp
import Testing

/// Requests from other apps (`Authorization`, spec/03 §12): authorizing with a key read just in
/// time, step by step through the reducer.
@Suite struct AuthorizationFeatureTests {
    typealias F = RingFixture

    @Test(arguments: Platform.allCases)
    func authorizingWithAnAdoptedPubkyReadsBitkitsSecretNowAndSignsWithIt(platform: Platform) {
        var world = RingFakeWorld(platform: platform)
        world.bitkitShares(F.wSecret)
        var state = F.home([F.adoptedW])
        let request = F.signInRequest()
        state.memory?.sheet = .confirmAuth(request, pubky: F.w)
        let store = TestStore<Ring>(state, .confirm)
        store.run { world.respond($0, $1) }
        let pair = Ed25519KeyPair(secretHex: F.wSecret)!
        #expect(store.sharingCalls == [.readSecret(F.dev)])
        #expect(store.networkCalls == [.approve(link: request.link, pair)])
        #expect(
            store.calls.firstIndex(of: .checkpoint(.authorizeBeforeRead))! < store.calls.firstIndex(
                of: .sharing(.readSecret(F.dev)))!)
        if case .authSuccess(_, let pubky, _)? = store.state.memory?.sheet {
            #expect(pubky == F.w)
        } else {
            Issue.record("no success sheet: \(String(describing: store.state.memory?.sheet))")
        }
    }

    @Test func anUnreadableBitkitSecretFailsTheAuthorizationWithoutSigning() {
        var world = RingFakeWorld()
        world.bitkitPublishes([(F.dev, F.aSecret)])
        var state = F.home([F.adoptedW])
        state.memory?.sheet = .confirmAuth(F.signInRequest(), pubky: F.w)
        let store = TestStore<Ring>(state, .confirm)
        store.run { world.respond($0, $1) }
        #expect(store.networkCalls.isEmpty)
        #expect(store.toasts == [RingTexts.secretUnreadableToast.text])
        #expect(store.state.memory?.sheet == nil)
    }

    @Test func anOwnedPubkySignsWithItsStoredKeyAndRepublishesItsHomeserver() {
        var world = RingFakeWorld()
        world.secrets[F.a] = RingStoredSecret(secretKey: F.aSecret)
        var state = F.home([F.ownedA])
        let request = F.signInRequest()
        state.memory?.sheet = .confirmAuth(request, pubky: F.a)
        let store = TestStore<Ring>(state, .confirm)
        store.run { world.respond($0, $1) }
        let pair = Ed25519KeyPair(secretHex: F.aSecret)!
        #expect(store.sharingCalls.isEmpty)
        #expect(store.networkCalls == [.approve(link: request.link, pair), .publishHomeserver(pair, homeserver: "hs")])
    }

    @Test(arguments: Platform.allCases)
    func offlineTheAuthorizationStopsBeforeAnyRead(platform: Platform) {
        var world = RingFakeWorld(platform: platform)
        world.online = false
        world.bitkitShares(F.wSecret)
        var state = F.home([F.adoptedW])
        state.memory?.sheet = .confirmAuth(F.signInRequest(), pubky: F.w)
        let store = TestStore<Ring>(state, .confirm)
        store.run { world.respond($0, $1) }
        #expect(store.calls == [.connectivity])
        #expect(store.toasts == [RingTexts.offlineToast.text])
    }
}
