import ContractNames
import IdentitySharing
import PubkyCrypto

/// Ring's native module `SharedPubky` on Android (spec/07 §3, §5): it mirrors Ring's own secrets into
/// the encrypted `shared_pubky` store its provider serves from, and reads each trusted Bitkit
/// package's provider. Failures reject with code `shared_pubky` and the exception's message.
public struct RingProviderModule: IdentitySharing {
    public let resolver: ContentResolver
    public let store: SharedPubkyStore
    private let report: SharingReport

    public var policy: SharingPolicy { .android }
    public var ownSourceApp: String { AndroidContract.ringPackage }

    public init(resolver: ContentResolver, store: SharedPubkyStore, report: @escaping SharingReport = { _ in }) {
        self.resolver = resolver
        self.store = store
        self.report = report
    }

    private func event(
        _ op: SharingOp, record: String? = nil, records: [String]? = nil, _ result: SharingResult,
        _ detail: String? = nil
    ) {
        report(SharingEvent(op: op, peer: "bitkit", record: record, records: records, result: result, detail: detail))
    }

    /// `trustedAuthority(sourceApp)`: a Bitkit package whose authority resolves to it, same-signed.
    private func trusted(_ sourceApp: String) -> Bool {
        AndroidContract.bitkitPackages.contains(sourceApp)
            && resolver.isTrusted(AndroidContract.authority(of: sourceApp), package: sourceApp)
    }

    // MARK: The seam

    /// `listExternal()`: the trusted Bitkit packages in fixed order, untrusted or absent ones skipped
    /// silently, a null cursor adding nothing; any exception rejects the whole call.
    public func listPeers() -> SharingListing {
        var identities: [SharedIdentity] = []
        for package in AndroidContract.bitkitPackages where trusted(package) {
            do throws(ProviderException) {
                let answer = try resolver.query(AndroidContract.authority(of: package), AndroidContract.pathIdentities)
                identities += answer.rows.compactMap { $0[AndroidContract.columnPubky] }.map {
                    SharedIdentity(pubky: $0, sourceApp: package)
                }
            } catch {
                event(.list, .unknown, error.message)
                return .unknown(error.message)
            }
        }
        event(.list, records: identities.map(\.record), .listed)
        return .listed(identities)
    }

    /// `getExternalSecret` then Ring's check (spec/01 §4): `""` (untrusted, no row) is missing or
    /// malformed; another key's secret does not belong.
    public func readSecret(_ identity: SharedIdentity) -> SecretRead {
        let read: SecretRead
        do throws(ProviderException) {
            let raw = try externalSecret(identity)
            if !Hex.isSecret(raw) {
                read = .unknown("Shared record is missing or malformed")
            } else if Ed25519KeyPair(secretHex: raw)?.pubky != identity.pubky {
                read = .unknown("Shared record does not belong to this pubky")
            } else {
                read = .found(raw)
            }
        } catch {
            read = .unknown(error.message)
        }
        report(.credential(peer: "bitkit", record: identity.record, read))
        return read
    }

    /// `getExternalSecret`: the first row's `secret_key` of the credential path, `""` when untrusted
    /// or without a row; no validation (`ring-sim keychain get-external-secret`).
    public func externalSecret(_ identity: SharedIdentity) throws(ProviderException) -> String {
        guard trusted(identity.sourceApp) else { return "" }
        let answer = try resolver.query(
            AndroidContract.authority(of: identity.sourceApp), AndroidContract.credentialPath(identity.pubky))
        return answer.rows.first?[AndroidContract.columnSecretKey] ?? ""
    }

    /// Listed by its package's provider now (Ring never asks this; the same rule as the listing).
    public func presence(of identity: SharedIdentity) -> Presence {
        switch listPeers() {
        case .listed(let identities): return identities.contains(identity) ? .present : .absent
        case .unknown(let reason): return .unknown(reason)
        }
    }

    /// `setOwned`: overwrites the entry in place, so there is no window without it (`between`
    /// never runs: the iOS checkpoint inside `setOwned` does not exist here).
    public func offer(pubky: String, secret: String, between: () -> Void) -> SharingWrite {
        let record = SharedIdentity(pubky: pubky, sourceApp: ownSourceApp).record
        do throws(SharedPubkyStore.Failure) {
            try store.set(pubky: pubky, secret: secret)
            event(.offer, record: record, records: [record], .done)
            return .done
        } catch {
            event(.offer, record: record, records: [], .failed, error.message)
            return .failed(error.message)
        }
    }

    /// `removeOwned`: an absent entry is success.
    public func withdraw(pubky: String) -> SharingWrite {
        let record = SharedIdentity(pubky: pubky, sourceApp: ownSourceApp).record
        do throws(SharedPubkyStore.Failure) {
            let removed = try store.remove(pubky: pubky)
            event(.withdraw, record: record, records: removed ? [record] : [], .done)
            return .done
        } catch {
            event(.withdraw, record: record, records: [], .failed, error.message)
            return .failed(error.message)
        }
    }

    /// `removeAllOwned`: clears the file in one step (no delete at a time, so `before` never runs).
    public func withdrawAll(before: (SharedIdentity) -> Void) -> Withdrawal {
        do throws(SharedPubkyStore.Failure) {
            let removed = try store.removeAll().map { SharedIdentity(pubky: $0, sourceApp: ownSourceApp) }
            event(.withdrawAll, records: removed.map(\.record), .done)
            return Withdrawal(tried: removed)
        } catch {
            event(.withdrawAll, records: [], .failed, error.message)
            return Withdrawal(tried: [], failure: error.message)
        }
    }
}
