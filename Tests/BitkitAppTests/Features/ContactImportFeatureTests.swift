import AppRuntime
import AppRuntimeTesting
import BitkitApp
import ContractNames
import Foundation
import Testing

/// The contact import after adoption, the Contacts refresh and contact links (`ContactImport`,
/// spec/09 §2, §4), step by step through the reducer.
@Suite struct ContactImportFeatureTests {
    typealias F = BitkitFixture
    /// A's padding alias (spec/09 §1.6): the same key, another spelling.
    static let aAlias = "tkrq8zmwb8a3m9k15csu3q17qmfgqnp9dskbrg9uq1rydpyxp7qb"

    /// Bitkit signed in with A, on the overview of a prepared import of B (`Bob`) and W (a placeholder).
    static func onOverview() -> (BitkitState, BitkitFakeWorld) {
        var (state, world) = F.adoptedA()
        state.memory?.path = [.contactImportOverview]
        state.memory?.pendingImport = ContactImportPreview(
            owner: F.a, profileName: "Alice",
            follows: [.init(pubky: F.b, name: "Bob"), .init(pubky: F.w, name: FollowProfile.placeholderName(F.w))])
        world.contacts = PaykitContactBook()
        return (state, world)
    }

    // MARK: The preview (spec/09 §2.1)

    @Test func thePreviewDropsTheOwnKeyInEverySpellingAndSortsByName() {
        var (state, world) = F.adoptedA()
        world.follows[F.a] = [F.a, Self.aAlias, F.b, F.w, "not-a-key", F.b]
        world.profiles[F.b] = ProfileSummary(name: "bob")
        state.memory?.path = [.pubkyChoice]
        let store = TestStore<Bitkit>(state, .contactImport(.prepare(owner: F.a, profileName: "Alice")))
        store.run { world.respond($0, $1) }
        #expect(store.outcome == .finished)
        let preview = store.state.contactImport.pending
        // By name, case-insensitive, digits first.
        #expect(Set(preview?.follows.map(\.pubky) ?? []) == [F.b, F.w])
        #expect(
            preview?.follows.map(\.name)
                == ["bob", FollowProfile.placeholderName(F.w)].sorted { $0.lowercased() < $1.lowercased() })
        #expect(preview?.summary == "2 friends")
        #expect(
            store.calls.filter { if case .checkpoint = $0 { return true } else { return false } }
                == [
                    .checkpoint(.importBeforeFollows), .checkpoint(.importBeforeLookup),
                    .checkpoint(.importBeforeLookup),
                ])
        #expect(store.networkCalls == [.follows(pubky: F.a), .followProfiles([F.b, F.w], lane: .interactive)])
        // The found profile is a session profile; the placeholder is not.
        #expect(store.state.contactImport.sessionProfiles?.entries.keys.sorted() == [F.b])
    }

    @Test func withTheNamedDefectAFollowOfTheOwnAliasIsKept() {
        var (state, world) = F.adoptedA()
        world.follows[F.a] = [Self.aAlias, F.b]
        state = F.withDefects(state, [.importKeepsOwnAlias])
        let store = TestStore<Bitkit>(state, .contactImport(.prepare(owner: F.a, profileName: "Alice")))
        store.run { world.respond($0, $1) }
        #expect(store.state.contactImport.pending?.follows.map(\.pubky).contains(Self.aAlias) == true)
    }

    @Test func onlyTheOwnKeyLeavesNoPreview() {
        var (state, world) = F.adoptedA()
        world.follows[F.a] = [F.a]
        let store = TestStore<Bitkit>(state, .contactImport(.prepare(owner: F.a, profileName: "Alice")))
        store.run { world.respond($0, $1) }
        #expect(store.state.contactImport.pending == nil)
        #expect(!store.networkCalls.contains { if case .followProfiles = $0 { return true } else { return false } })
    }

    // MARK: Importing (spec/09 §2.4)

    @Test func importAllSavesThePreparedFollowsWithoutALookupThenOpensPayContacts() {
        let (state, world0) = Self.onOverview()
        var world = world0
        let store = TestStore<Bitkit>(state, .contactImport(.importAll))
        store.run { world.respond($0, $1) }
        #expect(store.outcome == .finished)
        #expect(store.networkCalls.isEmpty)
        #expect(
            world.contacts?.contacts == [
                PaykitContact(
                    name: FollowProfile.placeholderName(F.w), pubky: F.w, receiverPath: "bitkit/wallet", owner: F.a),
                PaykitContact(name: "Bob", pubky: F.b, receiverPath: "bitkit/wallet", owner: F.a),
            ])
        #expect(store.state.memory?.stack == ["home", "payContacts"])
        #expect(store.state.contactImport.pending == nil)
        #expect(store.state.contactImport.running == nil)
    }

    @Test func aSecondImportWhileOneRunsIsRefusedAndChangesNothing() {
        var (state, world) = Self.onOverview()
        state.memory?.contactImport = InFlightMarker(process: 1, subject: F.a)
        let store = TestStore<Bitkit>(state, .contactImport(.importAll))
        store.run { world.respond($0, $1) }
        #expect(!store.calls.contains(.holdProcess))
        #expect(!store.calls.contains(.request(.loadDocument(.contacts))))
        #expect(store.notices.first?.contains("disabled while contacts are being imported") == true)
        #expect(world.contacts?.contacts.isEmpty == true)
    }

    @Test func aFailedSaveKeepsThePreviewAndARetrySavesOnlyTheMissingFollow() {
        var (state, world) = Self.onOverview()
        world.contacts = PaykitContactBook(contacts: [
            PaykitContact(name: "Bob", pubky: F.b, receiverPath: "bitkit/wallet", owner: F.a)
        ])
        world.faults = [.contactSave]
        let failed = TestStore<Bitkit>(state, .contactImport(.importAll))
        failed.run { world.respond($0, $1) }
        #expect(failed.toasts == ["error · Failed to import contacts"])
        #expect(failed.state.memory?.stack == ["home", "contactImportOverview"])
        #expect(failed.state.contactImport.pending != nil)
        // Bob was saved already: skipped, so only W's save was tried.
        #expect(failed.calls.filter { $0 == .sdkFault(.contactSave) }.count == 1)
        world.faults = []
        state = failed.state
        let retry = TestStore<Bitkit>(state, .contactImport(.importAll))
        retry.run { world.respond($0, $1) }
        #expect(world.contacts?.contacts.map(\.pubky) == [F.b, F.w])
        #expect(retry.calls.filter { $0 == .sdkFault(.contactSave) }.count == 1)
        #expect(retry.state.memory?.stack == ["home", "payContacts"])
    }

    @Test func importAllIsRefusedOffTheOverview() {
        var (state, world) = Self.onOverview()
        state.memory?.path = []
        state.memory?.contactImport = nil
        let store = TestStore<Bitkit>(state, .contactImport(.importAll))
        store.run { world.respond($0, $1) }
        // Not on the overview: the import is refused, as its button is not shown.
        #expect(world.contacts?.contacts.isEmpty == true)
        #expect(store.state.memory?.stack == ["home"])
    }

    @Test func leavingWithNoImportRunningDiscardsThePendingImportAndARunningOneKeepsIt() {
        var (state, world) = Self.onOverview()
        let idle = TestStore<Bitkit>(state, .back)
        idle.run { world.respond($0, $1) }
        #expect(idle.state.contactImport.pending == nil)
        state.memory?.contactImport = InFlightMarker(process: 1, subject: F.a)
        let busy = TestStore<Bitkit>(state, .back)
        busy.run { world.respond($0, $1) }
        #expect(busy.state.contactImport.pending != nil)
        #expect(busy.state.memory?.stack == ["home"])
    }

    @Test func aSignOutDuringTheHeldSaveStopsTheImportSilently() {
        let (state, _) = Self.onOverview()
        let store = TestStore<Bitkit>(state, .contactImport(.importAll))
        #expect(store.awaiting == .holdProcess)
        store.answer(.process(1))
        #expect(store.awaiting == .checkpoint(.importBeforeSave))
        // Meanwhile another run disconnected: the identity is gone when the save resumes.
        var signedOut = store.state
        signedOut.memory?.publicKey = nil
        signedOut.memory?.authState = .idle
        signedOut.memory?.sessionGeneration += 1
        store.answer(.resumed(Bitkit.stored(signedOut)))
        #expect(store.outcome == .finished)
        #expect(store.state.contactImport.pending == nil)
        #expect(store.state.contactImport.running == nil)
        #expect(store.toasts.isEmpty)
        #expect(!store.calls.contains(.request(.loadDocument(.contacts))))
    }

    // MARK: Contacts (spec/09 §2.5)

    @Test func contactsAppliesLookupsInBatchesAtMostOncePer300Milliseconds() {
        let batches = ContactsBatches.batches([("a", 0.1), ("b", 0.1), ("c", 0.35), ("d", 0.45), ("e", 0.9)])
        #expect(batches.map(\.pubkys) == [["a", "b", "c"], ["d"], ["e"]])
        #expect(batches.map(\.at) == [0.4, 0.75, 0.9])
        for (earlier, later) in zip(batches, batches.dropFirst()).dropLast() {
            #expect(later.at - earlier.at >= ContactsBatches.window)
        }
    }

    @Test func freshSessionProfilesAreNotLookedUpAgain() {
        var (state, world) = F.adoptedA()
        world.contacts = PaykitContactBook(contacts: [
            PaykitContact(name: "Bob", pubky: F.b, receiverPath: "bitkit/wallet", owner: F.a),
            PaykitContact(name: "w", pubky: F.w, receiverPath: "bitkit/wallet", owner: F.a),
        ])
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        state.memory?.sessionProfiles = SessionProfiles(
            owner: "pubky" + F.a, generation: 0,
            entries: [F.b: .init(profile: ProfileSummary(name: "Bob"), stamp: now.addingTimeInterval(-599))])
        let store = TestStore<Bitkit>(state, .paykit(.openContacts))
        store.run { world.respond($0, $1) }
        #expect(store.networkCalls == [.followProfiles([F.w], lane: .bulk)])
        var stale = state
        stale.memory?.sessionProfiles?.entries[F.b]?.stamp = now.addingTimeInterval(-600)
        let again = TestStore<Bitkit>(stale, .paykit(.openContacts))
        again.run { world.respond($0, $1) }
        #expect(again.networkCalls == [.followProfiles([F.b, F.w], lane: .bulk)])
    }

    // MARK: Contact links (spec/09 §4)

    @Test func aContactLinkNeedsExactlyOnePubkyItem() {
        #expect(ContactLink.pubky(in: "bitkit://contact?pubky=\(F.a)") == F.a)
        #expect(ContactLink.pubky(in: "bitkit://contact?pubky=PUBKY\(F.a.uppercased())") == F.a)
        #expect(ContactLink.pubky(in: "bitkit://contact?pubky=%70ubky\(F.a)") == F.a)
        for invalid in [
            "bitkit://contact?pubky=invalid", "bitkit://contact?pubky=\(F.a)&pubky=\(F.a)",
            "bitkit://contact?pubky=\(F.a)&extra=1", "bitkit://contact/x?pubky=\(F.a)",
            "bitkit://contact?pubky=\(F.a)#f", "bitkit://user@contact?pubky=\(F.a)",
            "bitkit://contact:1?pubky=\(F.a)", "bitkit://contact?pubky=\(F.a)" + String(repeating: "y", count: 600),
        ] {
            #expect(ContactLink.pubky(in: invalid) == nil, "\(invalid)")
        }
    }

    @Test func aContactLinkOpensAddContactForAnUnsavedKeyAndProfileForTheOwnAlias() {
        var (state, world) = F.adoptedA()
        world.contacts = PaykitContactBook()
        world.profiles[F.b] = ProfileSummary(name: "Bob")
        let unsaved = TestStore<Bitkit>(state, .contactImport(.link("bitkit://contact?pubky=\(F.b)")))
        unsaved.run { world.respond($0, $1) }
        #expect(unsaved.state.memory?.stack == ["home", "addContact"])
        #expect(unsaved.state.contactImport.draft == AddContactDraft(pubky: F.b, name: "Bob"))
        #expect(unsaved.state.contactImport.link == nil)
        state.memory?.path = []
        let own = TestStore<Bitkit>(state, .contactImport(.link("bitkit://contact?pubky=\(Self.aAlias)")))
        own.run { world.respond($0, $1) }
        #expect(own.state.memory?.top == .profile)
        #expect(world.contacts?.contacts.isEmpty == true)
    }
}
