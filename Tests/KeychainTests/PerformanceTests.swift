import Foundation
import Testing

@testable import Keychain

@Suite struct PerformanceTests {
    @Test func readingOneItemLooksItUpDirectlyWithoutEnumeratingTheFolder() throws {
        let world = Fixture()
        let keychain = world.keychain()
        #expect(keychain.add(.shared("app.pubkyring:a", "x")) == .success)
        let folder = world.directory(Fixture.shared).path + "/" + Fixture.service
        // A bad entry that only a folder scan would notice.
        try Data("junk".utf8).write(to: URL(fileURLWithPath: folder + "/junk.item"))
        #expect(keychain.string(.shared("app.pubkyring:a")) == "x")
        #expect(world.events.value.last?.ignored == [])
        #expect(
            keychain.copyMatching(.shared("app.pubkyring:missing"), limit: .one, returnData: false).status
                == .itemNotFound)
        #expect(world.events.value.last?.ignored == [])
        _ = keychain.copyMatching(.shared(), limit: .all, returnData: false)
        #expect(world.events.value.last?.ignored.map(\.path) == [folder + "/junk.item"])
    }

    @Test func tenThousandItemsListQuicklyAndSingleReadsStayFast() throws {
        let world = Fixture()
        var keychain = world.keychain()
        keychain.durable = false  // populating 10,000 fsynced items would take the test's whole budget
        let count = 10_000
        let populate = ContinuousClock().measure {
            for index in 0..<count {
                let status = keychain.add(
                    .shared("app.pubkyring:\(String(index, radix: 36))", "secret \(index)"))
                if status != .success { Issue.record("add \(index): \(status)") }
            }
        }
        var listing = CopyResult(status: .io, items: [])
        let list = ContinuousClock().measure {
            listing = keychain.copyMatching(.shared(), limit: .all, returnData: false)
        }
        #expect(listing.status == .success)
        #expect(listing.items.count == count)
        #expect(listing.items.map(\.sequence) == (1...UInt64(count)).map { $0 })
        let read = ContinuousClock().measure {
            for index in stride(from: 0, to: count, by: 100) {
                let value = keychain.string(.shared("app.pubkyring:\(String(index, radix: 36))"))
                if value != "secret \(index)" { Issue.record("read \(index): \(value ?? "nil")") }
            }
        }
        print("10,000 items: populate \(populate), list \(list), 100 single reads \(read)")
        // Generous bounds for a debug build on a shared 2-core machine.
        #expect(list < .seconds(5))
        #expect(read < .seconds(1))
    }
}
