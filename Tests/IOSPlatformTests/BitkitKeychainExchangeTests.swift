import ContractNames
import IOSPlatform
import IdentitySharing
import Keychain
import Testing

@Suite struct BitkitKeychainExchangeTests {
    typealias F = ExchangeFixture

    @Test func listingReturnsRingsPubkysInKeychainOrderAndReportsThemOnce() throws {
        let world = F()
        world.put("app.pubkyring:\(F.b)", F.bSecret)
        world.put("to.bitkit.dev:\(F.w)", F.wSecret)
        world.put("app.pubkyring:\(F.a)", F.aSecret)
        let listing = world.bitkit().listPeers()
        #expect(
            listing
                == .listed([
                    SharedIdentity(pubky: F.b, sourceApp: "app.pubkyring"),
                    SharedIdentity(pubky: F.a, sourceApp: "app.pubkyring"),
                ]))
        #expect(
            world.takeEvents() == [
                SharingEvent(
                    op: .list, peer: "ring", records: ["app.pubkyring:\(F.b)", "app.pubkyring:\(F.a)"], result: .listed)
            ])
    }

    @Test func anEmptyGroupIsAnEmptyListingButALockedOneIsUnknown() {
        let world = F()
        #expect(world.bitkit().listPeers() == .listed([]))
        world.put("app.pubkyring:\(F.a)", F.aSecret)
        world.faults.withLock { $0 = [(.list, nil, .interactionNotAllowed)] }
        #expect(world.bitkit().listPeers() == .unknown("status -25308"))
        #expect(world.takeEvents().map(\.result) == [.listed, .unknown])
        // Bitkit shows an unknown listing as an empty list (spec/01 §9).
        #expect(world.bitkit().listPeers().identities.isEmpty)
    }

    @Test func aSecretIsFoundOnlyWhenItIsWellFormedAndDerivesItsPubky() {
        let world = F()
        let a = SharedIdentity(pubky: F.a, sourceApp: "app.pubkyring")
        let b = SharedIdentity(pubky: F.b, sourceApp: "app.pubkyring")
        #expect(world.bitkit().readSecret(a) == .absent)
        world.put(a.record, F.aSecret)
        #expect(world.bitkit().readSecret(a) == .found(F.aSecret))
        world.put(b.record, F.aSecret)
        #expect(world.bitkit().readSecret(b) == .unknown("the shared record holds another key's secret"))
        world.locked.withLock { $0 = true }
        #expect(world.bitkit().readSecret(a) == .unknown("failed to load the shared record (status -25308)"))
        #expect(world.takeEvents().map(\.result) == [.absent, .found, .unknown, .unknown])
    }

    @Test func aMalformedRecordIsUnknownNotAbsent() {
        let world = F()
        let a = SharedIdentity(pubky: F.a, sourceApp: "app.pubkyring")
        world.put(a.record, "0101")
        #expect(
            world.bitkit().readSecret(a) == .unknown("the shared record is not a 64-character lowercase hex secret"))
        #expect(world.bitkit().presence(of: a) == .present)
    }

    @Test func presenceIsAbsentOnlyForNotFoundOnTheExactAccount() {
        let world = F()
        let a = SharedIdentity(pubky: F.a, sourceApp: "app.pubkyring")
        #expect(world.bitkit().presence(of: a) == .absent)
        world.put(a.record, F.aSecret)
        #expect(world.bitkit().presence(of: a) == .present)
        // Locked: not definitely missing (spec/01 §13.3).
        world.locked.withLock { $0 = true }
        #expect(world.bitkit().presence(of: a) == .unknown("status -25308"))
        world.faults.withLock { $0 = [(.read, a.record, .missingEntitlement)] }
        #expect(world.bitkit().presence(of: a) == .unknown("status -34018"))
        #expect(
            world.takeEvents()
                == [
                    SharingEvent(op: .presence, peer: "ring", record: a.record, result: .absent),
                    SharingEvent(op: .presence, peer: "ring", record: a.record, result: .found),
                    SharingEvent(
                        op: .presence, peer: "ring", record: a.record, result: .unknown, detail: "status -25308"),
                    SharingEvent(
                        op: .presence, peer: "ring", record: a.record, result: .unknown, detail: "status -34018"),
                ])
    }

    @Test func offeringAddsThenUpdatesTheOwnRecordAndReportsWhatChanged() throws {
        let world = F()
        let exchange = world.bitkit()
        #expect(exchange.offer(pubky: F.w, secret: F.wSecret, between: {}) == .done)
        #expect(exchange.publishOwn(pubky: F.w, secretHex: F.wSecret) == .success)
        #expect(try world.accounts() == ["to.bitkit.dev:\(F.w)"])
        world.locked.withLock { $0 = true }
        #expect(exchange.offer(pubky: F.w, secret: F.wSecret, between: {}) == .failed("status -25308"))
        #expect(
            world.takeEvents().map(\.records) == [["to.bitkit.dev:\(F.w)"], ["to.bitkit.dev:\(F.w)"], []])
    }

    @Test func withdrawingEverythingRemovesOnlyThisBuildsPrefix() throws {
        let world = F()
        world.put("to.bitkit.dev:\(F.w)", F.wSecret)
        world.put("to.bitkit:\(F.w)", F.wSecret)
        world.put("app.pubkyring:\(F.a)", F.aSecret)
        var before: [String] = []
        let withdrawal = world.bitkit().withdrawAll { before.append($0.record) }
        #expect(withdrawal == Withdrawal(tried: [SharedIdentity(pubky: F.w, sourceApp: "to.bitkit.dev")]))
        #expect(before == ["to.bitkit.dev:\(F.w)"])
        #expect(try world.accounts() == ["to.bitkit:\(F.w)", "app.pubkyring:\(F.a)"])
        #expect(
            world.takeEvents()
                == [SharingEvent(op: .withdrawAll, peer: "ring", records: ["to.bitkit.dev:\(F.w)"], result: .done)])
    }

    @Test func aFailedEnumerationWithdrawsNothing() throws {
        let world = F()
        world.put("to.bitkit.dev:\(F.w)", F.wSecret)
        world.faults.withLock { $0 = [(.list, nil, .interactionNotAllowed)] }
        #expect(world.bitkit().withdrawAll { _ in }.failure == "status -25308")
        #expect(try world.accounts() == ["to.bitkit.dev:\(F.w)"])
        #expect(world.takeEvents().map(\.result) == [.failed])
    }
}
