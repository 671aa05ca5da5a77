import IdentitySharing
import Keychain

/// Bitkit's calls on Android (`bitkit-sim keychain …`): the reads are its `SharedPubkyClient`'s; the
/// writes do not exist, because its provider serves `PUBKY_SECRET_KEY` live (spec/07 §2).
struct BitkitProviderCalls: BitkitNativeCalls {
    let client: BitkitProviderClient

    var reads: any IdentitySharing { client }
    var ownSourceApp: String { client.ownSourceApp }

    static let refusal = NativeCallRefusal(
        "writes the iOS shared group; on Android Bitkit publishes nothing — its provider serves PUBKY_SECRET_KEY live (spec/07 §2). Use `simctl provider query bitkit identities --as ring` to see what it serves."
    )

    func publishOwn(pubky: String, secretHex: String) -> Result<OSStatus, NativeCallRefusal> { .failure(Self.refusal) }
    func removeOwn(pubky: String) -> Result<OSStatus, NativeCallRefusal> { .failure(Self.refusal) }
    func removeAllOwn() -> Result<Withdrawal, NativeCallRefusal> { .failure(Self.refusal) }
}
