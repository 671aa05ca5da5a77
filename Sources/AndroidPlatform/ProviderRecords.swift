import ContractNames
import Foundation
import IdentitySharing
import Keychain
import PubkyCrypto

/// What the providers of an Android device serve now, read as the OS sees it (no app, no journal):
/// per installed provider, each row a trusted caller would get, named `<package>:<pubky>`, with the
/// secret its credential path returns (spec/07 §0 "SK"). Bitkit's packages first, in Ring's fixed
/// order, then Ring's entries in creation order.
public enum ProviderRecords {
    /// An installed package with a provider, and where its provider reads from.
    public enum Installed: Sendable {
        /// A Bitkit package: its private keychain group folder.
        case bitkit(package: String, folder: URL, accessGroup: String)
        /// A Bitkit package whose private store holds `stored` under `PUBKY_SECRET_KEY` now (nil:
        /// absent), e.g. a phone in memory.
        case bitkitKey(package: String, stored: String?)
        case ring(SharedPubkyStore)

        var package: String {
            switch self {
            case .bitkit(let package, _, _), .bitkitKey(let package, _): return package
            case .ring: return AndroidContract.ringPackage
            }
        }

        var order: Int {
            switch self {
            case .ring: return AndroidContract.bitkitPackages.count
            case .bitkit(let package, _, _), .bitkitKey(let package, _):
                return AndroidContract.bitkitPackages.firstIndex(of: package) ?? AndroidContract.bitkitPackages.count
            }
        }
    }

    /// The records every installed provider serves; an unreadable store throws.
    public static func read(
        _ installed: [Installed], showSecrets: Bool = false,
        derive: (String) -> String? = { Ed25519KeyPair(secretHex: $0)?.pubky }
    ) throws -> [SharedRecord] {
        var records: [SharedRecord] = []
        for source in installed.sorted(by: { $0.order < $1.order }) {
            let provider = try Self.provider(source)
            var writers: [String: String] = [:]
            if case .ring(let store) = source {
                for entry in try store.entries() { writers[entry.pubky] = entry.writer }
            }
            let authority = AndroidContract.authority(of: source.package)
            let listed = try provider.query(path: AndroidContract.pathIdentities, callerTrusted: true)
            for pubky in listed.rows.compactMap({ $0[AndroidContract.columnPubky] }) {
                let credential = try provider.query(path: AndroidContract.credentialPath(pubky), callerTrusted: true)
                let secret = credential.rows.first?[AndroidContract.columnSecretKey] ?? ""
                records.append(
                    SharedRecord(
                        record: "\(source.package):\(pubky)", owner: source.package,
                        writer: writers[pubky] ?? source.package,
                        validSecret: derive(secret) == pubky,
                        platform: ["authority": authority, "served": secret.isEmpty ? "no credential" : "credential"],
                        secret: showSecrets ? secret : nil, bytes: Array(secret.utf8)))
            }
        }
        return records
    }

    private static func provider(_ source: Installed) throws -> any ContentProvider {
        switch source {
        case .ring(let store): return RingSharedPubkyProvider(store: store)
        case .bitkit(_, let folder, let group):
            let name = AndroidContract.bitkitKeyNames[BitkitStoreKey.secretKey] ?? BitkitStoreKey.secretKey
            let items = try KeychainGroupStore(directory: folder, accessGroup: group).inspect().items
            let stored = items.first { $0.account == name }.flatMap { String(validating: $0.data, as: UTF8.self) }
            return BitkitSharedPubkyProvider(loadSecretKey: { stored })
        case .bitkitKey(_, let stored): return BitkitSharedPubkyProvider(loadSecretKey: { stored })
        }
    }
}
