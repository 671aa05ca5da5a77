import Foundation
import Testing

@testable import Backend

@Suite struct InspectionTests {
    @Test func theViewsShowTheWorldAndEncodeAsJSON() throws {
        let world = try TestWorld()
        let session = try world.signUp(Fixture.a)
        _ = try world.client().put(session, path: "/pub/app/note.txt", data: Array("hello".utf8))
        _ = try world.client().put(session, path: "/pub/app/blob", data: [0xff, 0xfe])
        try world.knobs {
            $0.homeserversDown = [KnownHomeservers.production]
            $0.storageReadFaults = [KnownHomeservers.staging]
        }
        let accounts = try world.store.accounts()
        #expect(accounts.homeservers.map(\.name) == ["production", "staging"])
        #expect(accounts.homeservers.map(\.down) == [true, false])
        #expect(accounts.homeservers.map(\.storageReadFault) == [false, true])
        #expect(accounts.homeservers.map(\.accountCount) == [0, 1])
        #expect(accounts.accounts.first?.usedBytes == 7)

        let files = try world.store.storage(pubky: Fixture.a.pubky)
        #expect(files.map(\.path) == ["/pub/app/blob", "/pub/app/note.txt"])
        #expect(files.map(\.text) == [nil, "hello"])
        #expect(files.allSatisfy { $0.updatedBy == "to.bitkit" })
        #expect(try world.store.storage(pubky: Fixture.b.pubky).isEmpty)

        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        _ = try encoder.encode(accounts)
        _ = try encoder.encode(try world.store.sessions())
        _ = try encoder.encode(try world.store.pkarrRecords())
        _ = try encoder.encode(files)
        _ = try encoder.encode(try world.store.relay(now: world.now))
        let ledger = String(decoding: try encoder.encode(try world.store.ledger()), as: UTF8.self)
        #expect(ledger == #"{"height":100,"lightning":[],"onchain":[]}"#)
    }

    @Test func repeatedCreatesLeaveExactlyOneWorld() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("backend.sqlite")
        let results = [Int](0..<4).map { _ in Result { try Backend.create(at: path, now: Date()) } }
        #expect(results.filter { (try? $0.get()) != nil }.count == 1)
        #expect(try Backend.open(at: path).homeservers().count == 2)
    }
}
