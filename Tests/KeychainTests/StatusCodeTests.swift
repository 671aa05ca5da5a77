import Foundation
import Testing

@testable import Keychain

@Suite struct StatusCodeTests {
    @Test func statusConstantsHaveTheRealNumericValues() {
        #expect(OSStatus.success.rawValue == 0)
        #expect(OSStatus.io.rawValue == -36)
        #expect(OSStatus.param.rawValue == -50)
        #expect(OSStatus.duplicateItem.rawValue == -25299)
        #expect(OSStatus.itemNotFound.rawValue == -25300)
        #expect(OSStatus.interactionNotAllowed.rawValue == -25308)
        #expect(OSStatus.missingEntitlement.rawValue == -34018)
        #expect(OSStatus(parsing: "errSecIO") == .io)
        #expect(OSStatus.io.description == "-36 errSecIO")
    }

    @Test(arguments: Fixture.Storage.allCases) func addingAnExistingAccountReturnsDuplicateItem(
        _ storage: Fixture.Storage
    ) {
        let world = Fixture(storage)
        let keychain = world.keychain()
        #expect(keychain.add(.shared("app.pubkyring:a", "one")) == .success)
        let status = keychain.add(.shared("app.pubkyring:a", "two"))
        #expect(status.rawValue == -25299)
        #expect(keychain.string(.shared("app.pubkyring:a")) == "one")
    }

    @Test(arguments: Fixture.Storage.allCases) func readingAMissingAccountReturnsItemNotFound(
        _ storage: Fixture.Storage
    ) {
        let world = Fixture(storage)
        let keychain = world.keychain()
        // No folder yet: empty, and reading does not create it.
        let before = keychain.copyMatching(.shared("app.pubkyring:a"), limit: .one, returnData: true)
        #expect(before.status.rawValue == -25300)
        #expect(before.items.isEmpty)
        #expect(
            keychain.copyMatching(.shared(), limit: .all, returnData: false).status == .itemNotFound)
        #expect(world.untouched(Fixture.shared))

        #expect(keychain.add(.shared("app.pubkyring:b", "x")) == .success)
        #expect(
            keychain.copyMatching(.shared("app.pubkyring:a"), limit: .one, returnData: false).status
                == .itemNotFound)
        #expect(keychain.update(.shared("app.pubkyring:a"), data: [1]).rawValue == -25300)
        #expect(keychain.delete(.shared("app.pubkyring:a")).rawValue == -25300)
    }

    @Test(arguments: Fixture.Storage.allCases)
    func whenUnlockedItemIsUnreadableWhileLockedButAfterFirstUnlockItemStaysReadable(_ storage: Fixture.Storage) {
        let world = Fixture(storage)
        let keychain = world.keychain()
        #expect(keychain.add(.shared("app.pubkyring:a", "shared secret")) == .success)
        let privateQuery = KeychainQuery(
            service: "bitkit", account: "bip39_mnemonic_0", accessGroup: Fixture.bitkitPrivate)
        #expect(
            keychain.add(
                NewKeychainItem(
                    accessGroup: Fixture.bitkitPrivate, service: "bitkit", account: "bip39_mnemonic_0",
                    data: Array("words".utf8), accessibility: .afterFirstUnlockThisDeviceOnly)) == .success)

        world.protection.value = .locked
        let locked = keychain.copyMatching(.shared("app.pubkyring:a"), limit: .one, returnData: true)
        #expect(locked.status.rawValue == -25308)
        #expect(locked.items.isEmpty)
        #expect(
            keychain.copyMatching(.shared("app.pubkyring:a"), limit: .one, returnData: false).status
                == .interactionNotAllowed)
        #expect(keychain.string(privateQuery) == "words")

        world.protection.value = .neverUnlocked
        #expect(
            keychain.copyMatching(.shared("app.pubkyring:a"), limit: .one, returnData: true).status
                == .interactionNotAllowed)
        #expect(
            keychain.copyMatching(privateQuery, limit: .one, returnData: true).status
                == .interactionNotAllowed)

        world.protection.value = .unlocked
        #expect(keychain.string(.shared("app.pubkyring:a")) == "shared secret")
        #expect(keychain.string(privateQuery) == "words")
    }

    @Test(arguments: Fixture.Storage.allCases) func listingWhileLockedFailsWithInteractionNotAllowed(
        _ storage: Fixture.Storage
    ) {
        let world = Fixture(storage)
        let keychain = world.keychain()
        #expect(keychain.add(.shared("app.pubkyring:a", "1")) == .success)
        #expect(
            keychain.add(.shared("app.pubkyring:b", "2", accessibility: .afterFirstUnlock)) == .success)
        world.protection.value = .locked
        let listing = keychain.copyMatching(.shared(), limit: .all, returnData: false)
        #expect(listing.status == .interactionNotAllowed)
        #expect(listing.items.isEmpty)
        // A listing that only touches available items succeeds.
        #expect(keychain.accounts(.shared("app.pubkyring:b")) == ["app.pubkyring:b"])
        // An empty group has nothing to protect: not found, even while locked.
        #expect(
            world.keychain().copyMatching(
                KeychainQuery(accessGroup: Fixture.bitkitPrivate), limit: .all, returnData: false
            ).status == .itemNotFound)
    }

    @Test(arguments: Fixture.Storage.allCases) func addWhileLockedFailsForAClassThatIsUnavailable(
        _ storage: Fixture.Storage
    ) {
        let world = Fixture(storage)
        let keychain = world.keychain()
        world.protection.value = .locked
        #expect(keychain.add(.shared("app.pubkyring:a", "1")) == .interactionNotAllowed)
        #expect(world.untouched(Fixture.shared))
        #expect(
            keychain.add(.shared("app.pubkyring:b", "2", accessibility: .afterFirstUnlockThisDeviceOnly))
                == .success)
        world.protection.value = .neverUnlocked
        #expect(
            keychain.add(.shared("app.pubkyring:c", "3", accessibility: .afterFirstUnlock))
                == .interactionNotAllowed)
    }

    @Test(arguments: Fixture.Storage.allCases) func duplicateCheckAgainstAnUnavailableItemReturnsInteractionNotAllowed(
        _ storage: Fixture.Storage
    ) {
        let world = Fixture(storage)
        let keychain = world.keychain()
        #expect(keychain.add(.shared("app.pubkyring:a", "1")) == .success)
        world.protection.value = .locked
        // The new item's class is available, but the existence check touches a WhenUnlocked item.
        #expect(
            keychain.add(.shared("app.pubkyring:a", "2", accessibility: .afterFirstUnlock))
                == .interactionNotAllowed)
    }

    @Test(arguments: Fixture.Storage.allCases) func deleteAndUpdateWhileLockedFailAndChangeNothing(
        _ storage: Fixture.Storage
    ) throws {
        let world = Fixture(storage)
        let keychain = world.keychain()
        #expect(keychain.add(.shared("app.pubkyring:a", "locked")) == .success)
        #expect(
            keychain.add(.shared("app.pubkyring:b", "available", accessibility: .afterFirstUnlock))
                == .success)
        let before = world.snapshot()
        world.protection.value = .locked
        #expect(keychain.delete(.shared("app.pubkyring:a")).rawValue == -25308)
        #expect(keychain.update(.shared("app.pubkyring:a"), data: Array("new".utf8)).rawValue == -25308)
        // One unavailable match fails the whole operation: the available item is not touched either.
        #expect(keychain.delete(.shared()) == .interactionNotAllowed)
        #expect(keychain.update(.shared(), data: Array("new".utf8)) == .interactionNotAllowed)
        #expect(world.snapshot() == before)
        world.protection.value = .unlocked
        #expect(keychain.string(.shared("app.pubkyring:a")) == "locked")
        #expect(keychain.string(.shared("app.pubkyring:b")) == "available")
    }

    @Test(arguments: Fixture.Storage.allCases)
    func aGroupTheCallerIsNotEntitledToReturnsMissingEntitlementWithoutTouchingDisk(_ storage: Fixture.Storage) {
        let world = Fixture(storage)
        let bitkit = world.keychain()
        let ring = world.keychain(
            bundleID: "app.pubkyring", entitlements: [Fixture.ringPrivate, Fixture.shared])
        #expect(
            ring.add(
                NewKeychainItem(
                    accessGroup: Fixture.ringPrivate, service: "pubky", account: "k", data: [1],
                    accessibility: .afterFirstUnlock))
                == .success)
        let before = world.snapshot()
        let query = KeychainQuery(service: "pubky", account: "k", accessGroup: Fixture.ringPrivate)
        #expect(bitkit.copyMatching(query, limit: .one, returnData: true).status.rawValue == -34018)
        #expect(
            bitkit.copyMatching(query, limit: .all, returnData: false).status == .missingEntitlement)
        #expect(bitkit.update(query, data: [2]) == .missingEntitlement)
        #expect(bitkit.delete(query) == .missingEntitlement)
        #expect(
            bitkit.add(
                NewKeychainItem(
                    accessGroup: "KYH47R284B.other", service: "s", account: "a", data: [],
                    accessibility: .whenUnlocked))
                == .missingEntitlement)
        #expect(world.snapshot() == before)
        #expect(world.untouched("KYH47R284B.other"))

        // The shared entitlement switched off: the shared group answers -34018 and a group-less query
        // does not see it.
        #expect(bitkit.add(.shared("to.bitkit.dev:x", "secret")) == .success)
        let withoutShared = world.keychain(entitlements: [Fixture.bitkitPrivate])
        #expect(
            withoutShared.copyMatching(.shared(), limit: .all, returnData: false).status
                == .missingEntitlement)
        #expect(
            withoutShared.copyMatching(
                KeychainQuery(service: Fixture.service), limit: .all, returnData: false
            ).status == .itemNotFound)
        // No entitlements at all: nothing to add to or read from.
        let none = world.keychain(entitlements: [])
        #expect(
            none.add(
                NewKeychainItem(
                    accessGroup: nil, service: "s", account: "a", data: [], accessibility: .whenUnlocked))
                == .missingEntitlement)
        #expect(
            none.copyMatching(KeychainQuery(), limit: .all, returnData: false).status
                == .missingEntitlement)
    }

    @Test(arguments: Fixture.Storage.allCases) func emptyServiceOrAccountReturnsParam(_ storage: Fixture.Storage) {
        let world = Fixture(storage)
        let keychain = world.keychain()
        #expect(keychain.add(.shared("", "x")).rawValue == -50)
        #expect(
            keychain.add(
                NewKeychainItem(
                    accessGroup: Fixture.shared, service: "", account: "a", data: [],
                    accessibility: .whenUnlocked))
                == .param)
        #expect(keychain.copyMatching(.shared(""), limit: .one, returnData: true).status == .param)
        #expect(keychain.update(.shared(""), data: []) == .param)
        #expect(keychain.delete(KeychainQuery(service: "", accessGroup: Fixture.shared)) == .param)
        #expect(world.untouched(Fixture.shared))
    }

    @Test(arguments: Fixture.Storage.allCases) func anInjectedFaultStatusIsReturnedAndNothingChanges(
        _ storage: Fixture.Storage
    ) {
        let world = Fixture(storage)
        let keychain = world.keychain()
        #expect(keychain.add(.shared("app.pubkyring:a", "original")) == .success)
        let before = world.snapshot()
        let forced = OSStatus(-25291)
        world.faults.value = [
            (.write, Fixture.shared, "app.pubkyring:a", forced),
            (.write, Fixture.shared, "app.pubkyring:new", .duplicateItem),
            (.delete, Fixture.shared, nil, forced),
            (.read, Fixture.shared, "app.pubkyring:a", .itemNotFound),
            (.list, Fixture.shared, nil, .interactionNotAllowed),
        ]
        #expect(keychain.update(.shared("app.pubkyring:a"), data: Array("changed".utf8)) == forced)
        #expect(keychain.add(.shared("app.pubkyring:new", "x")) == .duplicateItem)
        #expect(keychain.delete(.shared("app.pubkyring:a")) == forced)
        #expect(
            keychain.copyMatching(.shared("app.pubkyring:a"), limit: .one, returnData: true).status
                == .itemNotFound)
        #expect(
            keychain.copyMatching(.shared(), limit: .all, returnData: false).status
                == .interactionNotAllowed)
        // A fault is asked before anything else, even before the entitlement check.
        world.faults.value = [(.read, "KYH47R284B.other", nil, OSStatus(-4))]
        #expect(
            keychain.copyMatching(
                KeychainQuery(accessGroup: "KYH47R284B.other"), limit: .one, returnData: true
            ).status == OSStatus(-4))
        #expect(world.snapshot() == before)
        #expect(
            world.events.value.suffix(6).map(\.status) == [
                forced, .duplicateItem, forced, .itemNotFound, .interactionNotAllowed, OSStatus(-4),
            ])

        world.faults.value = []
        #expect(keychain.string(.shared("app.pubkyring:a")) == "original")
        #expect(
            keychain.copyMatching(.shared("app.pubkyring:new"), limit: .one, returnData: false).status
                == .itemNotFound)
    }

    @Test(arguments: Fixture.Storage.allCases) func aFaultOnOneEntitledGroupAppliesToAGrouplessQuery(
        _ storage: Fixture.Storage
    ) {
        let world = Fixture(storage)
        let keychain = world.keychain()
        #expect(keychain.add(.shared("app.pubkyring:a", "x")) == .success)
        world.faults.value = [(.list, Fixture.shared, nil, OSStatus(-25308))]
        #expect(
            keychain.copyMatching(KeychainQuery(), limit: .all, returnData: false).status
                == .interactionNotAllowed)
        #expect(
            keychain.copyMatching(
                KeychainQuery(accessGroup: Fixture.bitkitPrivate), limit: .all, returnData: false
            ).status == .itemNotFound)
    }
}
