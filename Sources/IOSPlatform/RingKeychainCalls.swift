import ContractNames
import Device
import IdentitySharing

/// Ring's calls of spec/01 §11 one by one (`ring-sim keychain …`), with the checkpoints inside
/// `setOwned` and `removeAllOwned`.
struct RingKeychainCalls: RingNativeCalls {
    let exchange: RingKeychainExchange
    let environment: AppEnvironment

    func listExternal() -> Result<[SharedIdentity], NativeCallFailure> {
        Self.native { () throws(RingKeychainExchange.Failure) in try exchange.listExternal() }
    }

    /// The raw read and the checked read are two keychain calls, as the two native functions are.
    func externalSecret(_ identity: SharedIdentity) -> ExternalSecret {
        let raw = Self.native { () throws(RingKeychainExchange.Failure) in
            try exchange.getExternalSecret(pubky: identity.pubky, sourceApp: identity.sourceApp)
        }
        let checked = Self.native { () throws(RingKeychainExchange.Failure) in
            try exchange.getExternalSecretKey(pubky: identity.pubky, sourceApp: identity.sourceApp)
        }
        switch raw {
        case .failure(let failure): return .failed(failure)
        case .success(let raw): return .returned(raw: raw, checked: checked)
        }
    }

    func setOwned(pubky: String, secret: String) -> SharingWrite {
        Self.write { () throws(RingKeychainExchange.Failure) in
            try exchange.setOwned(pubky: pubky, secretKey: secret) {
                environment.checkpoint(RingCheckpoint.setOwnedBetweenDeleteAndAdd)
            }
        }
    }

    func removeOwned(pubky: String) -> SharingWrite {
        Self.write { () throws(RingKeychainExchange.Failure) in try exchange.removeOwned(pubky: pubky) }
    }

    func removeAllOwned() -> SharingWrite {
        Self.write { () throws(RingKeychainExchange.Failure) in
            try exchange.removeAllOwned { _ in environment.checkpoint(RingCheckpoint.removeAllOwnedBeforeDelete) }
        }
    }

    private static func native<T>(
        _ call: () throws(RingKeychainExchange.Failure) -> T
    ) -> Result<T, NativeCallFailure> {
        Result(catching: call).mapError { NativeCallFailure($0.description) }
    }

    private static func write(_ call: () throws(RingKeychainExchange.Failure) -> Void) -> SharingWrite {
        switch Result(catching: call) {
        case .success: return .done
        case .failure(let failure): return .failed(failure.description)
        }
    }
}
