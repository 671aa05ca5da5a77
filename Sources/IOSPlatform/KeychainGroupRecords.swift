import ContractNames
import Foundation
import IdentitySharing
import Keychain
import PubkyCrypto

/// What the shared keychain group shares now, read straight from its folder as the OS sees it
/// (no app, no entitlement, no lock): every item in enumeration order.
public enum KeychainGroupRecords {
    /// The records of the group at `folder`; a secret is included only when `showSecrets`. `derive`
    /// turns a secret into its pubky (a caller checking many worlds passes a remembered one).
    public static func read(
        _ folder: URL, showSecrets: Bool = false,
        derive: (String) -> String? = { Ed25519KeyPair(secretHex: $0)?.pubky }
    ) throws -> [SharedRecord] {
        let items = try KeychainGroupStore(directory: folder, accessGroup: SharedContract.accessGroup).inspect().items
        return items.map { item in
            let text = String(validating: item.data, as: UTF8.self)
            return SharedRecord(
                record: item.account, owner: SharedContract.owner(ofAccount: item.account), writer: item.writer,
                validSecret: validSecret(account: item.account, data: item.data, derive: derive),
                platform: [
                    "service": item.service, "accessibility": item.accessibility.rawValue,
                    "synchronizable": item.synchronizable ? "true" : "false", "sequence": String(item.sequence),
                    "modified": String(item.modifiedAt.timeIntervalSince1970),
                ],
                secret: showSecrets ? (text ?? "hex:" + Hex.encode(item.data)) : nil, bytes: item.data)
        }
    }

    /// Whether `data` is the secret of the pubky in `account`; nil when no app owns the account.
    public static func validSecret(
        account: String, data: [UInt8], derive: (String) -> String? = { Ed25519KeyPair(secretHex: $0)?.pubky }
    ) -> Bool? {
        guard SharedContract.owner(ofAccount: account) != nil, let colon = account.firstIndex(of: ":") else {
            return nil
        }
        let pubky = String(account[account.index(after: colon)...])
        guard let text = String(validating: data, as: UTF8.self), let derived = derive(text) else { return false }
        return derived == pubky
    }
}
