import AppSupport
import Backend
import BitkitApp
import Device
import Foundation
import Keychain
import PubkyCrypto
import Testing

/// Adoption on a world on disk: what needs the simulated homeserver and DHT (accounts, PKARR
/// records, Homegate), the device's journal, or a live run's liveness lock. Bitkit's check of Ring's
/// record runs on a phone in memory (`AdoptionMemoryTests`).
@Suite struct AdoptionTests {
    /// Scenario 1 + 2: pick a signed-up Ring pubky.
    @Test func pickingASignedUpRingPubkySignsInAndStoresOnlyAReferenceAndASession() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.aSecret)
        try world.ringSignUp(Fixture.aSecret)
        try world.ringImport(Fixture.bSecret)
        let pkarrBefore = try world.store.pkarrRecords(pubky: Fixture.a).map(\.packetHex)
        let accountsBefore = try world.store.accounts().accounts.count
        try world.send(.open(.profile))
        let screen = try world.send(.pick(.pubky(Fixture.a)))
        #expect(screen.route == "createProfile")
        #expect(screen.title == "Create Profile")
        #expect(screen.texts.contains("pubky\(Fixture.a)"))
        #expect(screen.toasts.isEmpty)
        let state = try world.state()
        #expect(state.reference == AdoptedReference(sourceApp: "app.pubkyring", pubky: Fixture.a))
        #expect(state.identity.kind == .adopted)
        #expect(state.identity.authState == .authenticated)
        #expect(state.identity.publicKey == "pubky\(Fixture.a)")
        #expect(state.identity.isProfileSetupPending)
        #expect(state.session?.pubky == Fixture.a)
        #expect(state.privateKeychain["pubky_secret_key"] == false)
        #expect(try world.privateItems()["paykit_session"]?.hasPrefix("\(Fixture.a):") == true)
        #expect(try world.sharedAccounts() == ["app.pubkyring:\(Fixture.a)", "app.pubkyring:\(Fixture.b)"])
        #expect(try world.store.accounts().accounts.count == accountsBefore)
        #expect(try world.store.pkarrRecords(pubky: Fixture.a).map(\.packetHex) == pkarrBefore)
        let keychain = try world.journal(event: "keychain")
        #expect(!keychain.contains { $0.account == "pubky_secret_key" && ($0.op == "add" || $0.op == "update") })
        #expect(!keychain.contains { $0.account == "app.pubkyring:\(Fixture.b)" && $0.data == true })
        #expect(keychain.contains { $0.account == "app.pubkyring:\(Fixture.a)" && $0.data == true })
        #expect(!keychain.contains { $0.op == "copy" && $0.account == nil && $0.data == true })
        #expect(!(try world.journal(event: "backend")).contains { $0.op?.hasPrefix("homegate") == true })
        #expect(!(try world.bitkitStoredBytes()).contains(Fixture.aSecret))
        // Then back to Home and open Profile.
        try world.send(.home)
        let profile = try world.send(.open(.profile))
        #expect(profile.route == "profile")
        #expect(profile.texts.first == "pubky\(Fixture.a)")
    }

    /// Scenario 3: a never-signed-up pubky is signed up through Homegate when the DHT confirms no record.
    @Test func aNeverSignedUpPubkyIsSignedUpThroughHomegateWhenTheNetworkConfirmsNoRecord() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.bSecret)
        let screen = try world.send(.pick(.pubky(Fixture.b)))
        #expect(screen.route == "createProfile")
        #expect(screen.texts.contains("pubky\(Fixture.b)"))
        #expect(screen.toasts.isEmpty)
        #expect(try world.store.accounts().accounts.map(\.pubky) == [Fixture.b])
        #expect(try world.store.pkarrRecords(pubky: Fixture.b).first?.homeserver == Fixture.hs)
        let homegate = try world.journal(event: "backend").filter { $0.op == "homegate POST /ip_verification" }
        #expect(homegate.count == 1)
        let state = try world.state()
        #expect(state.reference?.pubky == Fixture.b)
        #expect(state.session?.pubky == Fixture.b)
        #expect(state.privateKeychain["pubky_secret_key"] == false)
        #expect(try world.sharedAccounts() == ["app.pubkyring:\(Fixture.b)"])
    }

    /// R6: without a reachable DHT "no record" cannot be confirmed: nothing is signed up.
    @Test func anUnreachableDHTLeavesTheSignInErrorAndSignsNothingUp() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.bSecret)
        try world.knobs { $0.dhtReachable = false }
        let screen = try world.send(.pick(.pubky(Fixture.b)))
        #expect(screen.route == "pubkyChoice")
        let toast = try #require(screen.toasts.first)
        #expect(toast.type == .error)
        #expect(toast.title == "Could Not Use Pubky")
        #expect(toast.description?.hasPrefix("Authentication failed: ") == true)
        #expect(try world.store.accounts().accounts.isEmpty)
        #expect(try world.store.pkarrRecords(pubky: Fixture.b).isEmpty)
        #expect(!(try world.journal(event: "backend")).contains { $0.op?.hasPrefix("homegate") == true })
        var state = try world.state()
        #expect(state.reference == nil)
        #expect(state.session == nil)
        #expect(!state.identity.isAdoptingRingIdentity)
        // The row is there, and enabled again (an empty list would pass the check below).
        #expect(screen.rows.count == 1)
        #expect(screen.rows.allSatisfy { !$0.disabled })
        // Second tap with the DHT back: adopted as in scenario 3.
        try world.knobs { $0.dhtReachable = true }
        let second = try world.send(.pick(.pubky(Fixture.b)))
        #expect(second.route == "createProfile")
        state = try world.state()
        #expect(state.reference?.pubky == Fixture.b)
    }

    /// R6 variant: a relay answering 404 within the timeout confirms "not found".
    @Test func aFastRelayNotFoundAlsoConfirmsNoRecord() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.bSecret)
        try world.knobs {
            $0.dhtReachable = false
            $0.relayNotFoundLatency = 1
        }
        let screen = try world.send(.pick(.pubky(Fixture.b)))
        #expect(screen.route == "createProfile")
    }

    /// Scenario 4: a record without an account is re-published unchanged and never signed up.
    @Test func aPubkyWithARecordButNoAccountFailsAndItsRecordIsRepublishedUnchanged() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.cSecret)
        let pair = try #require(Ed25519KeyPair(secretHex: Fixture.cSecret))
        let published = try world.client(app: "simctl").publishHomeserver(
            keyPair: pair, homeserver: Fixture.hs, timestamp: Date(timeIntervalSince1970: 1_700_000_000)
        ).value
        let screen = try world.send(.pick(.pubky(Fixture.c)))
        #expect(screen.route == "pubkyChoice")
        #expect(screen.toastTexts == ["error · Could Not Use Pubky · Authentication failed: User not found"])
        // The record is still there, unchanged (no record would pass the check below).
        let records = try world.store.pkarrRecords(pubky: Fixture.c)
        #expect(!records.isEmpty)
        #expect(records.allSatisfy { $0.packetHex == published.packetHex })
        #expect(try world.store.accounts().accounts.isEmpty)
        #expect(!(try world.journal(event: "backend")).contains { $0.op?.hasPrefix("homegate") == true })
        let state = try world.state()
        #expect(state.reference == nil)
        #expect(state.session == nil)
        #expect(screen.rows.first?.disabled == false)
    }

    /// R12: an adoption already in flight rejects a second one before any read.
    @Test func aSecondAdoptionWhileOneRunsIsRejectedWithoutReadingItsSecret() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.aSecret)
        try world.ringImport(Fixture.bSecret)
        try world.send(.open(.profile))
        // Another run's adoption is in flight: that run is alive (it holds its liveness lock).
        let sandbox = Sandbox(world: world.world, app: .bitkit)
        var memory = try #require(try sandbox.load(BitkitMemory.self, "memory"))
        let other = AppEnvironment(world: world.world, app: .bitkit, run: .standalone)
        defer { other.run.process.end() }
        memory.adoption = try InFlightMarker(subject: Fixture.a, environment: other)
        try sandbox.save(memory, "memory")
        let busy = try world.send(.open(.pubkyChoice))
        // Both rows are there, and disabled (an empty list would pass the check below).
        #expect(busy.rows.count == 2)
        #expect(busy.rows.allSatisfy { $0.disabled })
        let screen = try world.send(.pick(.pubky(Fixture.b)))
        #expect(
            screen.toastTexts == [
                "error · Could Not Use Pubky · Authentication failed: Pubky Ring sign-in already in progress"
            ])
        #expect(!(try world.journal(event: "keychain")).contains { $0.account == "app.pubkyring:\(Fixture.b)" })
        #expect(try world.state().reference == nil)
        #expect(try world.state().identity.isAdoptingRingIdentity)
    }

    /// Picks A while Bitkit's memory holds `marker` for an adoption of B; returns the screen.
    func pickWithStaleAdoptionMarker(_ marker: InFlightMarker) throws -> Screen {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.aSecret)
        try world.ringSignUp(Fixture.aSecret)
        try world.send(.open(.profile))
        let sandbox = Sandbox(world: world.world, app: .bitkit)
        var memory = try #require(try sandbox.load(BitkitMemory.self, "memory"))
        memory.adoption = marker
        try sandbox.save(memory, "memory")
        return try world.send(.pick(.pubky(Fixture.a)))
    }

    @Test func anAdoptionMarkerOfARunThatNoLongerHoldsItsLockDoesNotBlock() throws {
        let screen = try pickWithStaleAdoptionMarker(InFlightMarker(process: 4_000, subject: Fixture.b))
        #expect(screen.route == "createProfile")
    }

    /// A run ends (its command is answered, or its process dies): its marker stops blocking, while a
    /// run that still holds its liveness lock blocks. Nothing of the kernel's — pid, start time — is
    /// in the marker, so a reused pid can never keep it alive.
    @Test func anAdoptionMarkerBlocksExactlyWhileItsRunLives() throws {
        let world = try TestWorld()
        let owner = AppEnvironment(world: world.world, app: .bitkit, run: .standalone)
        let marker = try InFlightMarker(subject: Fixture.b, environment: owner)
        let observer = AppEnvironment(world: world.world, app: .bitkit, run: .standalone)
        #expect(marker.isAlive(seenFrom: observer))
        #expect(marker.isAlive(seenFrom: owner))
        owner.run.process.end()
        #expect(!marker.isAlive(seenFrom: observer))
        let encoded = String(decoding: try JSONEncoder().encode(marker), as: UTF8.self)
        #expect(!encoded.contains("\(getpid())"))
    }

    @Test(arguments: [(503, "Homegate returned status 503"), (0, "Homegate returned status 0")])
    func aHomegateFailureFailsTheAdoptionAndRollsTheReferenceBack(status: Int, reason: String) throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.bSecret)
        try world.knobs { $0.homegateStatus = status }
        let screen = try world.send(.pick(.pubky(Fixture.b)))
        #expect(screen.toastTexts == ["error · Could Not Use Pubky · Authentication failed: \(reason)"])
        let state = try world.state()
        #expect(state.reference == nil)
        #expect(state.session == nil)
        #expect(state.identity.authState == .idle)
    }

    @Test func aFailedActivationRestoresTheKeychainAndTheReference() throws {
        let world = try TestWorld()
        try world.baseline()
        try world.ringImport(Fixture.aSecret)
        try world.ringSignUp(Fixture.aSecret)
        try world.addKeychainFault(.write, group: .bitkitPrivate, account: "paykit_session", status: OSStatus(-61))
        let screen = try world.send(.pick(.pubky(Fixture.a)))
        #expect(screen.route == "pubkyChoice")
        #expect(screen.toasts.first?.title == "Could Not Use Pubky")
        let state = try world.state()
        #expect(state.reference == nil)
        #expect(state.session == nil)
        #expect(state.identity.publicKey == nil)
    }

    @Test func aPickedPubkyWithAProfileGoesToPayContactsOrTheImportOverview() throws {
        for follows in [false, true] {
            let world = try TestWorld()
            try world.baseline()
            try world.ringImport(Fixture.aSecret)
            try world.ringSignUp(Fixture.aSecret)
            let session = try world.client().signIn(keyPair: #require(.init(secretHex: Fixture.aSecret))).value
            _ = try world.client().putPubkyAppProfile(.init(name: "Alice"), session: session)
            if follows {
                _ = try world.client().put(session, path: "/pub/pubky.app/follows/\(Fixture.b)", data: [])
            }
            let screen = try world.send(.pick(.pubky(Fixture.a)))
            #expect(screen.stack == ["home", follows ? "contactImportOverview" : "payContacts"])
            let state = try world.state()
            #expect(!state.identity.isProfileSetupPending)
            #expect(state.identity.cachedName == "Alice")
        }
    }
}
