import ContractNames
import Foundation
import Testing

@testable import Keychain

@Suite struct QuerySemanticsTests {
    @Test(arguments: Fixture.Storage.allCases) func synchronizableItemsAreInvisibleToTheDefaultQueryAndVisibleWithAny(
        _ storage: Fixture.Storage
    ) {
        let world = Fixture(storage)
        let keychain = world.keychain()
        #expect(keychain.add(.shared("app.pubkyring:a", "synced", synchronizable: true)) == .success)
        // Same account, not synchronizable: a distinct item, as on iOS.
        #expect(keychain.add(.shared("app.pubkyring:a", "local")) == .success)
        #expect(
            keychain.add(.shared("app.pubkyring:b", "synced only", synchronizable: true)) == .success)
        #expect(
            keychain.add(.shared("app.pubkyring:b", "again", synchronizable: true)) == .duplicateItem)

        #expect(keychain.accounts(.shared()) == ["app.pubkyring:a"])
        #expect(keychain.string(.shared("app.pubkyring:a")) == "local")
        #expect(
            keychain.copyMatching(.shared("app.pubkyring:b"), limit: .one, returnData: true).status
                == .itemNotFound)
        let any = keychain.copyMatching(.shared(synchronizable: .any), limit: .all, returnData: true)
        #expect(any.items.map(\.account) == ["app.pubkyring:a", "app.pubkyring:a", "app.pubkyring:b"])
        #expect(any.items.map(\.synchronizable) == [true, false, true])
        #expect(
            keychain.accounts(.shared(synchronizable: .yes)) == ["app.pubkyring:a", "app.pubkyring:b"])

        // A default delete removes only the non-synchronizable item.
        #expect(keychain.delete(.shared("app.pubkyring:a")) == .success)
        #expect(keychain.string(.shared("app.pubkyring:a", synchronizable: .any)) == "synced")
        #expect(keychain.delete(.shared("app.pubkyring:b")) == .itemNotFound)
    }

    @Test(arguments: Fixture.Storage.allCases) func updateChangesOnlyTheDataAndKeepsAccessibility(
        _ storage: Fixture.Storage
    ) throws {
        // spec/01 §13.9: an item added with another class (e.g. by fault injection) keeps it.
        let world = Fixture(storage)
        let ring = world.keychain(
            bundleID: "app.pubkyring", entitlements: [Fixture.ringPrivate, Fixture.shared])
        let bitkit = world.keychain()
        #expect(
            ring.add(.shared("to.bitkit.dev:k", "old", accessibility: .afterFirstUnlock)) == .success)
        let created = try #require(
            ring.copyMatching(.shared("to.bitkit.dev:k"), limit: .one, returnData: true).items.first)
        world.clock.value = world.clock.value.addingTimeInterval(60)
        #expect(bitkit.update(.shared("to.bitkit.dev:k"), data: Array("new".utf8)) == .success)
        let updated = try #require(
            bitkit.copyMatching(.shared("to.bitkit.dev:k"), limit: .one, returnData: true).items.first)
        #expect(updated.data == Array("new".utf8))
        #expect(updated.accessibility == .afterFirstUnlock)
        #expect(updated.synchronizable == false)
        #expect(updated.sequence == created.sequence)
        #expect(updated.createdAt == created.createdAt)
        #expect(updated.modifiedAt == created.modifiedAt.addingTimeInterval(60))
        #expect(created.writer == "app.pubkyring")
        #expect(updated.writer == "to.bitkit.dev")
    }

    @Test(arguments: Fixture.Storage.allCases) func itemsCarryEveryAttributeWithTimesFromTheCallersClock(
        _ storage: Fixture.Storage
    ) throws {
        let world = Fixture(storage)
        let keychain = world.keychain()
        #expect(keychain.add(.shared("app.pubkyring:a", "secret")) == .success)
        let item = try #require(
            keychain.copyMatching(.shared("app.pubkyring:a"), limit: .one, returnData: true).items.first)
        let expectedDate = Date(timeIntervalSince1970: 1_750_000_000.123)
        #expect(
            item
                == KeychainItem(
                    accessGroup: Fixture.shared, service: Fixture.service, account: "app.pubkyring:a",
                    data: Array("secret".utf8),
                    accessibility: .whenUnlockedThisDeviceOnly, synchronizable: false,
                    createdAt: expectedDate,
                    modifiedAt: expectedDate, writer: "to.bitkit.dev", sequence: 1))
    }

    @Test(arguments: Fixture.Storage.allCases)
    func enumerationOrderIsInsertionOrderUpdateKeepsPositionDeleteAndAddMovesToTheEnd(_ storage: Fixture.Storage) {
        let world = Fixture(storage)
        let keychain = world.keychain()
        for account in ["c", "a", "b"] {
            #expect(keychain.add(.shared("app.pubkyring:\(account)", account)) == .success)
        }
        // Another service in the same group interleaves by insertion order too.
        #expect(
            keychain.add(
                NewKeychainItem(
                    accessGroup: Fixture.shared, service: "other", account: "app.pubkyring:z", data: [],
                    accessibility: .whenUnlocked))
                == .success)
        #expect(keychain.add(.shared("app.pubkyring:d", "d")) == .success)
        let all = KeychainQuery(accessGroup: Fixture.shared)
        #expect(
            keychain.accounts(all) == [
                "app.pubkyring:c", "app.pubkyring:a", "app.pubkyring:b", "app.pubkyring:z",
                "app.pubkyring:d",
            ])
        #expect(keychain.update(.shared("app.pubkyring:c"), data: [9]) == .success)
        #expect(
            keychain.accounts(.shared()) == [
                "app.pubkyring:c", "app.pubkyring:a", "app.pubkyring:b", "app.pubkyring:d",
            ])
        #expect(keychain.delete(.shared("app.pubkyring:c")) == .success)
        #expect(keychain.add(.shared("app.pubkyring:c", "again")) == .success)
        #expect(
            keychain.accounts(.shared()) == [
                "app.pubkyring:a", "app.pubkyring:b", "app.pubkyring:d", "app.pubkyring:c",
            ])
        // Limit one returns the first in that order.
        let first = keychain.copyMatching(.shared(), limit: .one, returnData: false)
        #expect(first.items.map(\.account) == ["app.pubkyring:a"])
        // Store writes keep the position of an existing item as well.
        #expect(throws: Never.self) {
            try world.store().write(.shared("app.pubkyring:a", "injected"), writer: "simctl", at: Date())
        }
        #expect(
            keychain.accounts(.shared()) == [
                "app.pubkyring:a", "app.pubkyring:b", "app.pubkyring:d", "app.pubkyring:c",
            ])
    }

    @Test(arguments: Fixture.Storage.allCases) func attributesOnlyQueriesReturnEmptyDataAndDataQueriesReturnTheBytes(
        _ storage: Fixture.Storage
    ) {
        let world = Fixture(storage)
        let keychain = world.keychain()
        let secret = "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1"
        #expect(keychain.add(.shared("app.pubkyring:a", secret)) == .success)
        #expect(keychain.add(.shared("app.pubkyring:b", "")) == .success)
        let attributes = keychain.copyMatching(.shared(), limit: .all, returnData: false)
        #expect(attributes.status == .success)
        #expect(attributes.items.map(\.data) == [[], []])
        let withData = keychain.copyMatching(.shared(), limit: .all, returnData: true)
        #expect(withData.items.map(\.data) == [Array(secret.utf8), []])
        #expect(
            keychain.copyMatching(.shared("app.pubkyring:a"), limit: .one, returnData: false).items.first?
                .data == [])
        #expect(world.events.value.suffix(3).map(\.returnedData) == [false, true, false])
    }

    @Test(arguments: Fixture.Storage.allCases) func updateAndDeleteAffectEveryMatch(_ storage: Fixture.Storage) {
        let world = Fixture(storage)
        let keychain = world.keychain()
        for account in ["a", "b", "c"] {
            #expect(keychain.add(.shared("app.pubkyring:\(account)", account)) == .success)
        }
        #expect(keychain.update(.shared(), data: Array("same".utf8)) == .success)
        #expect(world.events.value.last?.count == 3)
        #expect(
            keychain.copyMatching(.shared(), limit: .all, returnData: true).items.map {
                String(decoding: $0.data, as: UTF8.self)
            } == ["same", "same", "same"])
        #expect(keychain.delete(KeychainQuery(account: "app.pubkyring:b")) == .success)
        #expect(keychain.accounts(.shared()) == ["app.pubkyring:a", "app.pubkyring:c"])
        #expect(keychain.delete(.shared()) == .success)
        #expect(world.events.value.last?.count == 2)
        #expect(
            keychain.copyMatching(.shared(), limit: .all, returnData: false).status == .itemNotFound)
    }

    @Test(arguments: Fixture.Storage.allCases)
    func aGrouplessQuerySpansEntitledGroupsInEntitlementOrderAndAGrouplessAddUsesTheFirst(_ storage: Fixture.Storage) {
        let world = Fixture(storage)
        let keychain = world.keychain(entitlements: [Fixture.shared, Fixture.bitkitPrivate])
        #expect(
            keychain.add(
                NewKeychainItem(
                    accessGroup: nil, service: "s", account: "first", data: [],
                    accessibility: .afterFirstUnlock)) == .success)
        #expect(
            keychain.add(
                NewKeychainItem(
                    accessGroup: Fixture.bitkitPrivate, service: "s", account: "private", data: [],
                    accessibility: .afterFirstUnlock)) == .success)
        #expect(
            keychain.add(
                NewKeychainItem(
                    accessGroup: Fixture.shared, service: "s", account: "second", data: [],
                    accessibility: .afterFirstUnlock)) == .success)
        let items = keychain.copyMatching(KeychainQuery(service: "s"), limit: .all, returnData: false)
            .items
        #expect(items.map(\.account) == ["first", "second", "private"])
        #expect(items.map(\.accessGroup) == [Fixture.shared, Fixture.shared, Fixture.bitkitPrivate])
        let reversed = world.keychain(entitlements: [Fixture.bitkitPrivate, Fixture.shared])
        #expect(reversed.accounts(KeychainQuery(service: "s")) == ["private", "first", "second"])
        // An account-only query finds the item in whatever service folder it lives.
        #expect(reversed.accounts(KeychainQuery(account: "second")) == ["second"])
    }

    @Test(arguments: Fixture.Storage.allCases) func theObserverGetsExactlyOneEventPerOperation(
        _ storage: Fixture.Storage
    ) {
        let world = Fixture(storage)
        let keychain = world.keychain()
        _ = keychain.add(.shared("app.pubkyring:a", "1"))
        _ = keychain.add(.shared("app.pubkyring:a", "1"))
        _ = keychain.add(.shared("", "1"))
        _ = keychain.update(.shared("app.pubkyring:a"), data: [2])
        _ = keychain.copyMatching(.shared("app.pubkyring:a"), limit: .one, returnData: true)
        _ = keychain.copyMatching(.shared(), limit: .all, returnData: false)
        _ = keychain.copyMatching(
            KeychainQuery(accessGroup: "KYH47R284B.other"), limit: .all, returnData: false)
        world.faults.value = [(.delete, Fixture.shared, nil, OSStatus(-1))]
        _ = keychain.delete(.shared("app.pubkyring:a"))
        world.faults.value = []
        _ = keychain.delete(.shared("app.pubkyring:a"))
        _ = keychain.delete(.shared("app.pubkyring:a"))

        let events = world.events.value
        #expect(events.count == 10)
        #expect(
            events.map(\.call) == [
                .add, .add, .add, .update, .copy, .copy, .copy, .delete, .delete, .delete,
            ])
        #expect(
            events.map(\.operation) == [
                .write, .write, .write, .write, .read, .list, .list, .delete, .delete, .delete,
            ])
        #expect(
            events.map(\.status) == [
                .success, .duplicateItem, .param, .success, .success, .success, .missingEntitlement,
                OSStatus(-1), .success,
                .itemNotFound,
            ])
        #expect(events.map(\.count) == [1, 0, 0, 1, 1, 1, 0, 0, 1, 0])
        #expect(
            events.map(\.returnedData) == [
                false, false, false, false, true, false, false, false, false, false,
            ])
        #expect(events[0].accessGroup == Fixture.shared)
        #expect(events[0].service == Fixture.service)
        #expect(events[0].account == "app.pubkyring:a")
        #expect(events[5].account == nil)
        #expect(events.allSatisfy { $0.ignored.isEmpty })
    }

    @Test(arguments: Fixture.Storage.allCases) func aGrouplessAddIsReportedWithTheGroupItWentTo(
        _ storage: Fixture.Storage
    ) {
        let world = Fixture(storage)
        let keychain = world.keychain()
        #expect(
            keychain.add(
                NewKeychainItem(
                    accessGroup: nil, service: "bitkit", account: "k", data: [],
                    accessibility: .afterFirstUnlock)) == .success)
        #expect(world.events.value.last?.accessGroup == Fixture.bitkitPrivate)
        #expect(world.stored(Fixture.bitkitPrivate, service: "bitkit", account: "k") != nil)
        if storage == .folders {
            #expect(
                FileManager.default.fileExists(
                    atPath: world.directory(Fixture.bitkitPrivate).path + "/bitkit/k.item"))
        }
    }

    @Test(arguments: Fixture.Storage.allCases) func anItemOverTheSizeCapIsRefusedWithParam(_ storage: Fixture.Storage) {
        let world = Fixture(storage)
        let keychain = world.keychain()
        let big = NewKeychainItem(
            accessGroup: Fixture.shared, service: "s", account: "big",
            data: [UInt8](repeating: 7, count: 800_000),
            accessibility: .whenUnlocked)
        #expect(keychain.add(big) == .param)
        #expect(throws: KeychainStoreError.self) { try world.store().write(big, writer: "simctl", at: Date()) }
        var fits = big
        fits.data = [UInt8](repeating: 7, count: 700_000)
        #expect(keychain.add(fits) == .success)
        #expect(
            keychain.copyMatching(
                KeychainQuery(service: "s", account: "big"), limit: .one, returnData: true
            ).items.first?.data.count == 700_000)
    }
}
