import ContractNames
import Device
import Foundation
import Keychain
import Scenarios
import Testing
import WorldFiles

@testable import Harnesses

/// The crash campaign's checks: what counts as a torn item and as a lost credential.
@Suite struct WorldSnapshotTests {
    let world: World

    init() throws {
        world = World(
            root: FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(UUID().uuidString)"))
        try world.create()
    }

    private func write(_ account: String, _ value: String, group: String = SharedContract.accessGroup) throws {
        try KeychainGroupStore(directory: world.groupDirectory(group), accessGroup: group).write(
            NewKeychainItem(
                accessGroup: group, service: SharedContract.service, account: account, data: Array(value.utf8),
                accessibility: .whenUnlockedThisDeviceOnly),
            writer: "simctl", at: Date())
    }

    @Test func anUndecodableItemOrDocumentIsTornButAnUnfinishedWriteIsNot() throws {
        defer { try? FileManager.default.removeItem(at: world.root) }
        try write("app.pubkyring:a", "01")
        #expect(try WorldSnapshot.take(world).torn.isEmpty)
        let folder = world.sharedGroup.appendingPathComponent(SharedContract.service)
        try Data("{\"format\":1,\"class\":".utf8).write(to: folder.appendingPathComponent(".tmp-1-x"))
        #expect(try WorldSnapshot.take(world).torn.isEmpty)
        try Data("{\"format\":1,\"class\":".utf8).write(to: folder.appendingPathComponent("app.pubkyring%3Ab.item"))
        let sandbox = world.sandbox(.ring)
        try FileManager.default.createDirectory(at: sandbox, withIntermediateDirectories: true)
        try Data("{\"entries\":[".utf8).write(to: sandbox.appendingPathComponent("store.json"))
        let torn = try WorldSnapshot.take(world).torn
        #expect(torn.count == 2, "\(torn)")
        #expect(torn.contains { $0.hasSuffix("store.json: not a JSON document") })
    }

    @Test func aCredentialTheCompletedStepKeepsMustSurviveTheCrash() throws {
        defer { try? FileManager.default.removeItem(at: world.root) }
        func snapshot(_ items: [String: String]) -> WorldSnapshot {
            var snapshot = WorldSnapshot()
            for (account, value) in items {
                snapshot.items[.init(group: "g", service: "s", account: account)] = Array(value.utf8)
            }
            return snapshot
        }
        // The step keeps a, updates b from 2 to 5, deletes c.
        let before = snapshot(["a": "1", "b": "2", "c": "3"])
        let reference = snapshot(["a": "1", "b": "5"])
        #expect(
            WorldSnapshot.lost(before: before, reference: reference, crashed: snapshot(["a": "1", "b": "2"])).isEmpty)
        #expect(
            WorldSnapshot.lost(before: before, reference: reference, crashed: snapshot(["a": "1", "b": "5", "c": "3"]))
                .isEmpty)
        #expect(
            WorldSnapshot.lost(before: before, reference: reference, crashed: snapshot(["b": "5"]))
                == ["g s a is gone (the completed step keeps it)"])
        #expect(
            WorldSnapshot.lost(before: before, reference: reference, crashed: snapshot(["a": "1", "b": "9"]))
                == ["g s b holds neither its old nor its new value"])
    }

    @Test func onlyForegroundAppStepsBeforeAnyBackgroundStepOrBreakpointAreCrashed() throws {
        let scenario = try ScenarioParser.parse(
            text: """
                title: t
                ring-sim import --secret 0101010101010101010101010101010101010101010101010101010101010101
                ring-sim state
                simctl device lock
                bitkit-sim launch
                break ring ring.setOwned.between-delete-and-add
                ring-sim relaunch &
                bitkit-sim foreground
                """, file: "/tmp/t.scenario")
        #expect(CrashCampaign.crashableSteps(scenario) == [0, 3])
    }
}
