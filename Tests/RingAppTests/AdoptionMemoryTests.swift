import AppRuntime
import AppSupport
import ContractNames
import IdentitySharing
import RingApp
import Testing

/// Adopting a Bitkit pubky (spec/03 §5–§7, spec/07 §5), Ring on a phone in memory (`MemoryRing`)
/// on both platforms: the offer comes from Bitkit's record or provider through Ring's real exchange.
@Suite struct AdoptionMemoryTests {
    private func isRead(_ call: SharingCall<RingCheckpoint>) -> Bool {
        if case .readSecret = call { return true } else { return false }
    }

    @Test(arguments: Platform.allCases)
    func adoptionAddsAReferenceOnlyAndReadsNoSecret(platform: Platform) throws {
        let ring = MemoryRing(on: platform)
        ring.send(.importSecret(hex: Key.aSecret, name: nil), .importSecret(hex: Key.bSecret, name: nil))
        ring.bitkitPublish(secret: Key.wSecret)
        let before = ring.world.phone.sharedRecords
        let screen = ring.send(.showOffer(ref: "#1"), .confirm)
        #expect(screen.sheet == nil)
        #expect(screen.toasts.isEmpty)
        let entry = try #require(ring.snapshot.pubkys.last)
        #expect(entry.pubky == Key.w)
        #expect(entry.name == "pubky #3 (Bitkit)")
        #expect(entry.sourceApp == "to.bitkit.dev")
        #expect(entry.isBackedUp == true)
        #expect(entry.backupPreference == .unknown)
        #expect(entry.signedUp == false && entry.homeserver == "")
        #expect(entry.signupToken == "" && entry.sessions.isEmpty)
        #expect(ring.world.secrets[Key.w] == nil)
        #expect(ring.world.phone.sharedRecords == before)
        #expect(!ring.sharingCalls.contains(where: isRead))
        let card = try #require(screen.rows.last)
        #expect(card.pills == ["Bitkit pubky"])
        #expect(card.button == "Authorize")
        #expect(screen.rows.count == 3, "the offer card is gone")
    }

    @Test(arguments: Platform.allCases)
    func adoptionResolvesTheHomeserverFromPkarr(platform: Platform) throws {
        let ring = MemoryRing(on: platform)
        ring.send(.finishOnboarding)
        ring.signUpElsewhere(Key.wSecret)
        ring.bitkitPublish(secret: Key.wSecret)
        ring.send(.showOffer(ref: Key.w), .confirm)
        let entry = try #require(ring.snapshot.pubkys.first)
        #expect(entry.homeserver == Key.hs)
        #expect(entry.signedUp == true)
    }

    @Test(arguments: Platform.allCases)
    func adoptionOfflineResolvesNoHomeserverButStillAdopts(platform: Platform) throws {
        let ring = MemoryRing(on: platform)
        ring.send(.finishOnboarding)
        ring.signUpElsewhere(Key.wSecret)
        ring.bitkitPublish(secret: Key.wSecret)
        ring.world.online = false
        ring.send(.showOffer(ref: "#1"), .confirm)
        let entry = try #require(ring.snapshot.pubkys.first)
        #expect(entry.homeserver == "" && entry.signedUp == false && entry.sourceApp == "to.bitkit.dev")
    }

    /// Ring offers what Bitkit's record lists, whatever it holds (iOS: a record is written as it
    /// is; Android's provider serves only a key that derives, spec/07 §2).
    @Test func aRecordWithAMalformedSecretCanStillBeAdopted() {
        let ring = MemoryRing(on: .ios)
        ring.send(.finishOnboarding)
        ring.world.bitkitPublishes([(SharedIdentity(pubky: Key.w, sourceApp: "to.bitkit.dev"), "not hex")])
        ring.send(.showOffer(ref: "#1"), .confirm)
        #expect(ring.snapshot.pubkys.map(\.sourceApp) == ["to.bitkit.dev"])
    }

    @Test(arguments: Platform.allCases)
    func signUpIsRefusedForAnAdoptedPubkyWithoutTouchingAnything(platform: Platform) {
        let ring = MemoryRing(on: platform)
        ring.send(.finishOnboarding)
        ring.bitkitPublish(secret: Key.wSecret)
        ring.send(.showOffer(ref: "#1"), .confirm)
        let before = ring.effects.count
        let screen = ring.send(.signUp(ref: "#1", RingSignUp()))
        #expect(
            screen.toasts.map(\.text) == ["error · Error · Homeserver actions are not available for a Bitkit pubky."])
        let after = ring.effects.dropFirst(before)
        #expect(!after.contains { if case .request(.network) = $0 { return true } else { return false } })
        #expect(!after.contains { if case .sharing(let call) = $0 { return isRead(call) } else { return false } })
        #expect(ring.snapshot.pubkys.first?.signedUp == false)
    }

    @Test(arguments: Platform.allCases)
    func renamingAnAdoptedPubkyTouchesOnlyRingsStore(platform: Platform) {
        let ring = MemoryRing(on: platform)
        ring.send(.finishOnboarding)
        ring.bitkitPublish(secret: Key.wSecret)
        ring.send(.showOffer(ref: "#1"), .confirm)
        let before = ring.effects.count
        ring.send(.edit(ref: "#1"), .saveEdit(name: "Wallet key"))
        let after = ring.effects.dropFirst(before)
        #expect(
            !after.contains {
                switch $0 {
                case .sharing, .request(.network), .request(.store(.saveSecret)), .request(.store(.deleteSecret)):
                    return true
                default: return false
                }
            })
        ring.send(.relaunch)
        #expect(ring.snapshot.pubkys.first?.name == "Wallet key")
        #expect(ring.world.phone.sharedRecords.keys.sorted() == ["to.bitkit.dev:\(Key.w)"])
    }
}
