import IdentitySharing

/// Ring's five native calls on Android (`ring-sim keychain …`): its `SharedPubky` module's, over its
/// `shared_pubky` store and Bitkit's providers (spec/07 §3, §5).
struct RingProviderCalls: RingNativeCalls {
    let module: RingProviderModule

    func listExternal() -> Result<[SharedIdentity], NativeCallFailure> {
        switch module.listPeers() {
        case .listed(let identities): return .success(identities)
        case .unknown(let reason): return .failure(NativeCallFailure(reason))
        }
    }

    /// `getExternalSecret`'s query; when it answers, the module's checked read (a second query).
    func externalSecret(_ identity: SharedIdentity) -> ExternalSecret {
        let raw: String
        do throws(ProviderException) {
            raw = try module.externalSecret(identity)
        } catch {
            return .failed(NativeCallFailure(error.message))
        }
        let read = module.readSecret(identity)
        if case .found(let secret) = read { return .returned(raw: raw, checked: .success(secret)) }
        return .returned(
            raw: raw,
            checked: .failure(NativeCallFailure(read.unknownReason ?? "Shared record is missing or malformed")))
    }

    func setOwned(pubky: String, secret: String) -> SharingWrite {
        module.offer(pubky: pubky, secret: secret, between: {})
    }

    func removeOwned(pubky: String) -> SharingWrite { module.withdraw(pubky: pubky) }

    func removeAllOwned() -> SharingWrite {
        module.withdrawAll { _ in }.failure.map(SharingWrite.failed) ?? .done
    }
}
