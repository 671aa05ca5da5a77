import AndroidPlatform
import ContractNames
import Device
import Foundation
import IOSPlatform
import Platforms
import Testing
import WorldFiles

/// A world's platform becomes its phone's OS in one place, one OS per platform.
@Suite struct PlatformOSTests {
    @Test func everyPlatformHasExactlyOneOS() {
        #expect(
            PlatformOS.all.map(\.platform).sorted { $0.rawValue < $1.rawValue }
                == Platform.allCases.sorted {
                    $0.rawValue < $1.rawValue
                })
        for platform in Platform.allCases { #expect(PlatformOS.of(platform).platform == platform) }
        #expect(PlatformOS.of(.ios) is IOSPhone)
        #expect(PlatformOS.of(.android) is AndroidPhone)
    }

    @Test func aWorldOpensAsItsDevicesPlatform() throws {
        let world = World(
            root: FileManager.default.temporaryDirectory.appendingPathComponent("os-\(UUID().uuidString)"))
        try world.create()
        defer { try? FileManager.default.removeItem(at: world.root) }
        #expect(try PlatformOS.open(world).os.platform == .default)
        try DeviceStore(world: world).update { $0.platform = .android }
        #expect(try PlatformOS.open(world).os.platform == .android)
        #expect(PlatformOS.contentProviders(of: .android) != nil)
        #expect(PlatformOS.contentProviders(of: .ios) == nil)
    }

    @Test func eachOSCarriesItsPlatformsRulesAndWords() {
        let ios = PlatformOS.of(.ios)
        let android = PlatformOS.of(.android)
        #expect(ios.policy.lockGatesReads && !android.policy.lockGatesReads)
        #expect(!ios.policy.switchesLinkAliases && android.policy.switchesLinkAliases)
        #expect(ios.invariants == AuditInvariant.contract)
        #expect(android.invariants == AuditInvariant.allCases)
        let bitkit = InstalledApp(kind: .bitkit, network: .regtest)
        #expect(ios.entitlements(of: bitkit) == ["KYH47R284B.to.bitkit.regtest", "KYH47R284B.pubky.shared"])
        #expect(android.entitlements(of: bitkit) == ["KYH47R284B.to.bitkit.regtest"])
        #expect(ios.storedName(ofBitkitKey: "paykit_session") == "paykit_session")
        #expect(android.storedName(ofBitkitKey: "paykit_session") == "PAYKIT_SESSION")
        #expect(ios.recordsLayout.empty == "The group holds no record.")
        #expect(android.recordsLayout.place == "Content providers")
    }
}
