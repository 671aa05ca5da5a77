import Foundation
import Testing

@testable import Backend

@Suite struct BackendStoreTests {
    @Test func createMakesAWalDatabaseWithTheDefaultHomeserversAndKnobs() throws {
        let directory = TemporaryDirectory()
        let store = try Backend.create(at: directory.path("backend.sqlite"), now: Date())
        #expect(
            try store.homeservers().map(\.pubky) == [
                KnownHomeservers.production, KnownHomeservers.staging,
            ])
        #expect(try store.homeservers().map(\.signupMode) == [.tokenRequired, .tokenRequired])
        #expect(try store.knobs() == BackendKnobs())
        let mode = try store.database.queryFirst("PRAGMA journal_mode") { $0.text(0) }
        #expect(mode == "wal")
        #expect(try Schema.inspect(store.database).version == Backend.schemaVersion)
    }

    @Test func createRefusesAnExistingFileAndLeavesItUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("backend.sqlite")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: BackendError.databaseExists(path: path)) { try Backend.create(at: path, now: Date()) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("precious".utf8))
    }

    @Test func createTwiceFailsTheSecondTime() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("backend.sqlite")
        _ = try Backend.create(at: path, now: Date())
        #expect(throws: BackendError.databaseExists(path: path)) { try Backend.create(at: path, now: Date()) }
    }

    @Test func createInAMissingDirectoryIsAClearError() {
        let directory = TemporaryDirectory()
        let path = directory.path("no/such/dir/backend.sqlite")
        let error = #expect(throws: BackendError.self) { try Backend.create(at: path, now: Date()) }
        guard case .cannotCreate(let failedPath, _) = error else {
            Issue.record("expected cannotCreate, got \(String(describing: error))")
            return
        }
        #expect(failedPath == path)
        #expect(error?.isBrokenWorld == true)
    }

    @Test func openFindsWhatCreateWrote() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("backend.sqlite")
        try Backend.create(at: path, now: Date()).updateKnobs { $0.dhtReachable = false }
        let reopened = try Backend.open(at: path)
        #expect(try reopened.knobs().dhtReachable == false)
    }

    @Test func openingAMissingDatabaseIsATypedErrorAndCreatesNothing() {
        let directory = TemporaryDirectory()
        let path = directory.path("backend.sqlite")
        let error = #expect(throws: BackendError.self) { try Backend.open(at: path) }
        #expect(error == .databaseMissing(path: path))
        #expect(error?.isBrokenWorld == true)
        #expect(error?.description.contains("No backend database exists") == true)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func openingGarbageIsCorruptAndLeavesTheFileByteForByte() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("backend.sqlite")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: BackendError.self) { try Backend.open(at: path) }
        guard case .databaseCorrupt(let failedPath, let reason) = error else {
            Issue.record("expected databaseCorrupt, got \(String(describing: error))")
            return
        }
        #expect(failedPath == path)
        #expect(reason == "file is not a database")
        #expect(error?.isBrokenWorld == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func openingAnEmptyFileIsCorruptAndNeverInitialisesIt() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("backend.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let error = #expect(throws: BackendError.self) { try Backend.open(at: path) }
        guard case .databaseCorrupt = error else {
            Issue.record("expected databaseCorrupt, got \(String(describing: error))")
            return
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
    }

    @Test func openingAnotherProgramsDatabaseIsCorruptAndUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("backend.sqlite")
        do {
            let foreign = try Database(path: path, mode: .readWriteCreate)
            try foreign.execute("CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES('keep me')")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = #expect(throws: BackendError.self) { try Backend.open(at: path) }
        guard case .databaseCorrupt(_, let reason) = error else {
            Issue.record("expected databaseCorrupt, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("not a simulator backend database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aNewerSchemaIsRefusedWithBothVersions() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("backend.sqlite")
        try Backend.create(at: path, now: Date()).database.execute("PRAGMA user_version = 99")
        let error = #expect(throws: BackendError.self) { try Backend.open(at: path) }
        #expect(error == .schemaTooNew(path: path, found: 99, supported: Backend.schemaVersion))
        #expect(error?.isBrokenWorld == true)
    }

    @Test func migrationsRunInOrderFromTheStoredVersion() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.path("m.sqlite"), mode: .readWriteCreate)
        let scripts = ["CREATE TABLE a(x)", "CREATE TABLE b(y)", "INSERT INTO a VALUES(42)"]
        try database.transaction { try Schema.migrate(database, from: 0, to: 2, using: scripts) }
        #expect(try Schema.inspect(database).version == 2)
        try database.transaction { try Schema.migrate(database, from: 2, to: 3, using: scripts) }
        #expect(try database.queryFirst("SELECT x FROM a") { $0.int(0) } == 42)
        #expect(try Schema.inspect(database).version == 3)
    }

    @Test func anOlderSchemaIsMigratedOnOpen() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("backend.sqlite")
        do {
            // A world written by a build whose schema stopped one step earlier.
            let database = try Database(path: path, mode: .readWriteCreate)
            try database.execute("PRAGMA application_id = \(Schema.applicationID)")
            try database.transaction {
                try Schema.migrate(database, from: 0, to: Schema.currentVersion - 1)
            }
        }
        let store = try Backend.open(at: path)
        #expect(try Schema.inspect(store.database).version == Schema.currentVersion)
    }

    @Test func knobUpdatesAreReadBackByAnotherConnection() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("backend.sqlite")
        let first = try Backend.create(at: path, now: Date())
        let second = try Backend.open(at: path)
        try first.updateKnobs {
            $0.relayNotFoundLatency = 1
            $0.homegateStatus = 503
            $0.homeserversDown = [KnownHomeservers.staging]
            $0.storageReadFaults = [KnownHomeservers.production, KnownHomeservers.staging]
        }
        try second.updateKnobs { $0.dhtReachable = false }
        let seen = try first.knobs()
        #expect(seen.relayNotFoundLatency == 1)
        #expect(seen.homegateStatus == 503)
        #expect(seen.dhtReachable == false)
        #expect(seen.homeserversDown == [KnownHomeservers.staging])
        #expect(seen.storageReadFaults == [KnownHomeservers.production, KnownHomeservers.staging])
    }

    @Test func addingAHomeserverNeedsAValidNewKey() throws {
        let directory = TemporaryDirectory()
        let store = try Backend.create(at: directory.path("backend.sqlite"), now: Date())
        let key = "8pinxxgqs41n4aididenw5apqp1urfmzdztr8jt4abrkdn435ewo"
        try store.addHomeserver(HomeserverSettings(pubky: key, name: "local", signupMode: .open), now: Date())
        #expect(
            try store.homeservers().last
                == HomeserverSettings(pubky: key, name: "local", signupMode: .open))
        #expect(throws: BackendError.self) {
            try store.addHomeserver(HomeserverSettings(pubky: key, name: "again"), now: Date())
        }
        #expect(throws: BackendError.self) {
            try store.addHomeserver(HomeserverSettings(pubky: "not-a-key", name: "bad"), now: Date())
        }
    }
}
