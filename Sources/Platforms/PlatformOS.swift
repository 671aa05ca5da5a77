import AndroidPlatform
import ContractNames
import Device
import IOSPlatform
import WorldFiles

/// The one place a world's `Platform` becomes its phone's OS: every tool, the audit and the
/// report open a world's OS here, once, and from then on ask it (`PhoneOS`) instead of the platform.
public enum PlatformOS {
    /// Every platform's OS, one each (`PlatformsTests` checks they cover `Platform.allCases`).
    public static let all: [any PhoneOS] = [IOSPhone(), AndroidPhone()]

    /// The OS of `platform`.
    public static func of(_ platform: Platform) -> any PhoneOS {
        all.first { $0.platform == platform } ?? IOSPhone()
    }

    /// The OS of the device in `state`.
    public static func of(_ state: DeviceState) -> any PhoneOS { of(state.platform) }

    /// Opens `world`'s device: its state and its OS (exit 3 when the world is missing or broken).
    public static func open(_ world: World) throws -> (state: DeviceState, os: any PhoneOS) {
        let state = try DeviceStore(world: world).read()
        return (state, of(state))
    }

    /// The content providers of a device on `platform`, for the tools that work them directly
    /// (`simctl provider …`); nil where the platform has none.
    public static func contentProviders(of platform: Platform) -> AndroidPhone? { of(platform) as? AndroidPhone }
}
