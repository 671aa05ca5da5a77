import ContractNames
import Device
import IdentitySharing
import Keychain

/// Bitkit's calls of spec/01 §10 one by one, with their statuses (`bitkit-sim keychain …`).
struct BitkitKeychainCalls: BitkitNativeCalls {
    let exchange: BitkitKeychainExchange
    let environment: AppEnvironment

    var reads: any IdentitySharing { exchange }
    var ownSourceApp: String { exchange.ownSourceApp }

    func publishOwn(pubky: String, secretHex: String) -> Result<OSStatus, NativeCallRefusal> {
        .success(exchange.publishOwn(pubky: pubky, secretHex: secretHex))
    }

    func removeOwn(pubky: String) -> Result<OSStatus, NativeCallRefusal> {
        .success(exchange.removeOwn(pubky: pubky))
    }

    func removeAllOwn() -> Result<Withdrawal, NativeCallRefusal> {
        .success(exchange.withdrawAll { _ in environment.checkpoint(BitkitCheckpoint.removeAllOwnBeforeDelete) })
    }
}
