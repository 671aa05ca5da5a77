import AppSupport
import ContractNames
import Device
import Foundation
import IdentitySharing
import Platforms
import PubkyCrypto
import WorldFiles

/// What a world's device shares between the two apps now, whatever its platform (`simctl sharing
/// list`, `expect records`, the report): the records its OS shows (`PhoneOS.sharedRecords`), and how
/// the report names their columns.
public enum SharedRecords {
    /// One reading of what a device shares.
    public struct Reading: Sendable {
        public var platform: Platform
        public var layout: SharedRecordsLayout
        public var records: [SharedRecord]
    }

    public static func read(
        _ world: World, showSecrets: Bool = false,
        derive: (String) -> String? = { Ed25519KeyPair(secretHex: $0)?.pubky }
    ) throws -> Reading {
        let (state, os) = try PlatformOS.open(world)
        return Reading(
            platform: os.platform, layout: os.recordsLayout,
            records: try os.sharedRecords(in: world, state: state, showSecrets: showSecrets, derive: derive))
    }
}
