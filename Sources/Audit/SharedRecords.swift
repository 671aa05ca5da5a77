import ContractNames
import Device
import Foundation
import IdentitySharing
import PubkyCrypto
import Simulation
import WorldFiles

/// What a world's device shares between the two apps now, whatever its platform (`simctl sharing
/// list`, `expect records`): the shared keychain group's items on iOS, the rows each installed
/// provider serves on Android.
public enum SharedRecords {
    public static func read(
        _ world: World, showSecrets: Bool = false,
        derive: (String) -> String? = { Ed25519KeyPair(secretHex: $0)?.pubky }
    ) throws -> (platform: DevicePlatform, records: [SharedRecord]) {
        let state = try DeviceStore(world: world).read()
        switch state.platform {
        case .ios:
            return (.ios, try KeychainGroupRecords.read(world.sharedGroup, showSecrets: showSecrets, derive: derive))
        case .android:
            let installed = state.allInstalls.compactMap { install -> ProviderRecords.Installed? in
                switch install.kind {
                case .ring:
                    // Read only: the inspector never writes, so it draws nothing from the world's sequence.
                    return .ring(
                        SharedPubkyStore(
                            folder: world.sandbox(.ring), durable: world.durable,
                            random: { count in
                                var random = SystemRandom()
                                return random.bytes(count)
                            }))
                case .bitkit:
                    guard install.build.sharesKeys else { return nil }
                    let group = (install.network ?? .regtest).bitkitPrivateGroup
                    return .bitkit(package: install.package, folder: world.groupDirectory(group), accessGroup: group)
                }
            }
            return (.android, try ProviderRecords.read(installed, showSecrets: showSecrets, derive: derive))
        }
    }
}
