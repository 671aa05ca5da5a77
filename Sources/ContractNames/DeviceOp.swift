/// The actions of `simctl` on the device and the world, as the journal records them.
public enum DeviceOp: String, Sendable, CaseIterable {
    case worldInit = "world-init"
    case lock, unlock, reboot, clock
    case install
    case updateInstall = "update-install"
    case uninstall
    case netOffline = "net-offline"
    case netOnline = "net-online"
    case net
    case faultAdd = "fault-add"
    case faultSDK = "fault-sdk"
    case faultClear = "fault-clear"
    case breakpoint = "break"
    case breakClear = "break-clear"
    case `continue`
    case authRequest = "auth-request"
    /// The OS delivered a link (`simctl open-url`): to whom is in `detail`.
    case openURL = "open-url"
    case filesPut = "files-put"
    /// Android: a provider fault armed or cleared, a grant revoked, a store entry corrupted.
    case providerFault = "provider-fault"
    case providerClear = "provider-clear"
    case revoke
    case corrupt
    case providerPut = "provider-put"
    case providerRemove = "provider-remove"
}
