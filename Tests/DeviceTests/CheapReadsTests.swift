import Foundation
import Keychain
import Simulation
import Testing

@testable import Device

// The performance fixes of issue #9 keep their behaviour: cached decoding still sees every change,
// unchanged documents are not rewritten, the journal's fast sequence read never trusts a torn line.

@Test func aDeviceFileChangedBehindTheStoreIsSeenOnTheNextRead() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let store = DeviceStore(world: temp.world)
    #expect(try store.read().protection == .unlocked)
    // Another process (simctl) rewrites the file while this one keeps its decoded copy.
    let text = try String(contentsOf: temp.world.deviceFile, encoding: .utf8)
    let locked = text.replacingOccurrences(of: #""protection" : "unlocked""#, with: #""protection" : "locked""#)
    #expect(locked != text)
    try Data(locked.utf8).write(to: temp.world.deviceFile)
    #expect(try store.read().protection == .locked)
    try store.update { $0.breakpoints = [Breakpoint(app: .bitkit, checkpoint: "x", hits: nil)] }
    #expect(try DeviceStore(world: temp.world).read().breakpoints.map(\.checkpoint) == ["x"])
}

@Test func anUnchangedSandboxDocumentIsNotRewrittenAndAChangedOneIs() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let sandbox = Sandbox(world: temp.world, app: .ring)
    try sandbox.save(["a": 1], "store")
    let path = sandbox.file("store.json").path
    let first = try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)
    try sandbox.save(["a": 1], "store")
    let second = try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)
    #expect(first == second)
    try sandbox.save(["a": 2], "store")
    #expect(try sandbox.load([String: Int].self, "store") == ["a": 2])
    try sandbox.save(["b": 3], "memory")
    #expect(try sandbox.load([String: Int].self, "memory") == ["b": 3])
}

@Test func theJournalsFastSequenceReadAcceptsWholeLinesOnly() throws {
    let temp = try TemporaryWorld()
    defer { temp.cleanup() }
    let journal = Journal(world: temp.world)
    var entry = JournalEntry(app: "ring", kind: .keychain(.add), service: "s", detail: #"a "quoted", } "seq":9"#)
    entry.owner = "app.pubkyring"
    try journal.append(entry)
    let line = Array(try Data(contentsOf: temp.world.journalFile).dropLast())
    #expect(Journal.completeLineSeq(line) == 1)
    for length in 1..<line.count {
        #expect(Journal.completeLineSeq(Array(line.prefix(length))) == nil)
    }
    // Another key order still reads, through the decoder.
    try Data(#"{"time":1,"seq":7,"app":"x","event":"y","pid":1}"#.utf8 + [10]).write(to: temp.world.journalFile)
    #expect(try journal.append(entry).seq == 8)
}
