import ContractNames
import IOSPlatform
import IdentitySharing
import Keychain
import Testing

@Suite struct RingKeychainExchangeTests {
    typealias F = ExchangeFixture

    @Test func ringListsEveryBitkitFlavourButNotItsOwnRecords() throws {
        let world = F()
        world.put("to.bitkit.dev:\(F.w)", F.wSecret)
        world.put("app.pubkyring:\(F.a)", F.aSecret)
        world.put("to.bitkit:\(F.w)", F.wSecret)
        world.put("to.bitkitx:\(F.b)", F.bSecret)
        #expect(
            try world.ring().listExternal() == [
                SharedIdentity(pubky: F.w, sourceApp: "to.bitkit.dev"),
                SharedIdentity(pubky: F.w, sourceApp: "to.bitkit"),
            ])
        #expect(world.takeEvents().map(\.records) == [["to.bitkit.dev:\(F.w)", "to.bitkit:\(F.w)"]])
    }

    @Test func aFailedListingIsUnknownWithTheNativeMessage() {
        let world = F()
        world.put("to.bitkit.dev:\(F.w)", F.wSecret)
        world.locked.withLock { $0 = true }
        #expect(world.ring().listPeers() == .unknown("Keychain error -25308"))
        world.locked.withLock { $0 = false }
        world.faults.withLock { $0 = [(.list, nil, .missingEntitlement)] }
        #expect(world.ring().listPeers() == .unknown("Keychain error -34018"))
    }

    @Test func theCheckedReadTellsAbsentFromMalformedFromAnotherKeysSecret() throws {
        let world = F()
        let w = SharedIdentity(pubky: F.w, sourceApp: "to.bitkit.dev")
        let a = SharedIdentity(pubky: F.a, sourceApp: "to.bitkit.dev")
        let b = SharedIdentity(pubky: F.b, sourceApp: "to.bitkit.dev")
        world.put(w.record, F.wSecret)
        world.put(a.record, "not hex")
        world.put(b.record, F.aSecret)
        let ring = world.ring()
        #expect(ring.readSecret(w) == .found(F.wSecret))
        #expect(ring.readSecret(a) == .unknown("Shared record is missing or malformed"))
        #expect(ring.readSecret(b) == .unknown("Shared record does not belong to this pubky"))
        #expect(ring.readSecret(SharedIdentity(pubky: F.w, sourceApp: "to.bitkit")) == .absent)
        #expect(throws: RingKeychainExchange.Failure.missingOrMalformed) {
            try ring.getExternalSecretKey(pubky: F.w, sourceApp: "to.bitkit")
        }
        #expect(try ring.getExternalSecret(pubky: F.w, sourceApp: "to.bitkit") == "")
        #expect(world.takeEvents().count == 6)
    }

    @Test func setOwnedLeavesTheRecordAbsentWhileItsBetweenStepRuns() throws {
        let world = F()
        world.put("app.pubkyring:\(F.a)", F.aSecret)
        let bitkit = world.bitkit()
        var seenBetween: Presence?
        let written = world.ring().offer(pubky: F.a, secret: F.aSecret) {
            seenBetween = bitkit.presence(of: SharedIdentity(pubky: F.a, sourceApp: "app.pubkyring"))
        }
        #expect(written == .done)
        #expect(seenBetween == .absent)
        #expect(try world.accounts() == ["app.pubkyring:\(F.a)"])
    }

    @Test func removeAllOwnedGoesOnAfterAFailureAndReportsTheLastOne() throws {
        let world = F()
        world.put("app.pubkyring:\(F.a)", F.aSecret)
        world.put("app.pubkyring:\(F.b)", F.bSecret)
        world.put("to.bitkit.dev:\(F.w)", F.wSecret)
        world.faults.withLock { $0 = [(.delete, "app.pubkyring:\(F.a)", OSStatus(-61))] }
        let withdrawal = world.ring().withdrawAll { _ in }
        #expect(withdrawal.failure == "Keychain error -61")
        #expect(withdrawal.tried.map(\.pubky) == [F.a, F.b])
        #expect(try world.accounts() == ["app.pubkyring:\(F.a)", "to.bitkit.dev:\(F.w)"])
        #expect(world.takeEvents().last?.records == ["app.pubkyring:\(F.b)"])
    }

    @Test func withdrawingARecordThatIsNotThereIsDoneAndChangesNothing() {
        let world = F()
        #expect(world.ring().withdraw(pubky: F.a) == .done)
        #expect(
            world.takeEvents() == [
                SharingEvent(op: .withdraw, peer: "bitkit", record: "app.pubkyring:\(F.a)", records: [], result: .done)
            ])
    }

    @Test func theGroupInspectorMarksWhichRecordsHoldTheirOwnSecret() throws {
        let world = F()
        world.put("app.pubkyring:\(F.a)", F.aSecret)
        world.put("app.pubkyring:\(F.b)", F.aSecret)
        world.put("elsewhere:\(F.b)", F.bSecret)
        let records = try KeychainGroupRecords.read(world.groupFolder)
        #expect(records.map(\.validSecret) == [true, false, nil])
        #expect(records.map(\.writer) == ["simctl", "simctl", "simctl"])
        #expect(records.allSatisfy { $0.secret == nil })
        #expect(try KeychainGroupRecords.read(world.groupFolder, showSecrets: true).first?.secret == F.aSecret)
    }
}
