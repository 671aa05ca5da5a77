import AppSupport
import BitkitApp
import ContractNames
import Device
import Foundation
import Simulation
import Testing

/// The Bitkit build from before the shared keychain (`simctl install bitkit --build pre-shared-keys`):
/// what scenario 14 seeds its "profile created before the update" with.
@Suite struct PreSharedKeysBuildTests {
    func install(_ build: AppBuild, in world: TestWorld) throws {
        try DeviceStore(world: world.world).update {
            $0.apps[.bitkit] = InstalledApp(kind: .bitkit, network: .regtest, build: build)
        }
    }

    @Test func itCreatesItsOwnProfileWithoutPubkyChoiceAndNeverTouchesTheSharedGroup() throws {
        let world = try TestWorld()
        try install(.preSharedKeys, in: world)
        try world.ringImport(Fixture.aSecret)
        try world.baseline()
        // Ring lists A, yet there is no Pubky Choice: Profile goes straight to Create Profile for W.
        let opened = try world.send(.open(.profile))
        #expect(opened.route == "createProfile")
        #expect(opened.stack == ["home", "createProfile"])
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        #expect(try world.send(.save).route == "payContacts")
        #expect(try world.state().identity.kind == .owned)
        #expect(try world.sharedAccounts() == ["app.pubkyring:\(Fixture.a)"])
        let entries = try Journal(world: world.world).read().entries
        #expect(entries.contains { $0.app == "bitkit" && $0.event == "keychain" })
        #expect(!entries.contains { $0.app == "bitkit" && $0.group == SharedContract.accessGroup })
    }

    @Test func theCurrentBuildInstalledOverItPublishesTheOwnRecordAtLaunch() throws {
        let world = try TestWorld()
        try install(.preSharedKeys, in: world)
        try world.baseline()
        try world.send(.createProfile(name: "Satoshi", bio: nil))
        try world.send(.save)
        _ = try world.outcome(.kill)
        #expect(try world.sharedAccounts().isEmpty)
        try install(.current, in: world)
        let screen = try world.send(.launch)
        #expect(screen.toasts.isEmpty)
        #expect(try world.state().identity.authState == .authenticated)
        #expect(try world.sharedAccounts() == ["to.bitkit.dev:\(Fixture.w)"])
    }
}
