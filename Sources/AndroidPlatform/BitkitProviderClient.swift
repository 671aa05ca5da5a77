import ContractNames
import IdentitySharing
import PubkyCrypto

/// Bitkit's `SharedPubkyClient` (spec/07 §4): it checks that Ring's authority resolves to a
/// same-signed `app.pubkyring` before any query, lists Ring's identities and reads one credential
/// just in time. Publishing is implicit on Android (Bitkit's own provider serves its stored key
/// live), so offers and withdrawals change nothing.
public struct BitkitProviderClient: IdentitySharing {
    public let resolver: ContentResolver
    /// This build's package (`to.bitkit`, `to.bitkit.tnet` or `to.bitkit.dev`).
    public let ownSourceApp: String
    private let report: SharingReport

    public var policy: SharingPolicy { .android }

    public init(resolver: ContentResolver, ownSourceApp: String, report: @escaping SharingReport = { _ in }) {
        self.resolver = resolver
        self.ownSourceApp = ownSourceApp
        self.report = report
    }

    private static let ringAuthority = AndroidContract.authority(of: AndroidContract.ringPackage)

    private func event(
        _ op: SharingOp, record: String? = nil, records: [String]? = nil, _ result: SharingResult,
        _ detail: String? = nil
    ) {
        report(SharingEvent(op: op, peer: "ring", record: record, records: records, result: result, detail: detail))
    }

    private var ringTrusted: Bool { resolver.isTrusted(Self.ringAuthority, package: AndroidContract.ringPackage) }

    // MARK: The seam

    /// `listRingIdentities()`: each row's pubky in provider order, null pubkys dropped, nothing
    /// validated; untrusted, a null cursor or an exception is a failure with its message.
    public func listPeers() -> SharingListing {
        let listing = listRingIdentities()
        switch listing {
        case .listed(let identities): event(.list, records: identities.map(\.record), .listed)
        case .unknown(let reason): event(.list, .unknown, reason)
        }
        return listing
    }

    private func listRingIdentities() -> SharingListing {
        guard ringTrusted else { return .unknown(AndroidContract.ringProviderUnavailable) }
        do throws(ProviderException) {
            switch try resolver.query(Self.ringAuthority, AndroidContract.pathIdentities) {
            case .null: return .unknown(AndroidContract.ringIdentitiesNoCursor)
            case .rows(let rows):
                return .listed(
                    rows.compactMap { $0[AndroidContract.columnPubky] }.map {
                        SharedIdentity(pubky: $0, sourceApp: AndroidContract.ringPackage)
                    })
            }
        } catch {
            return .unknown(error.message)
        }
    }

    /// `ringCredential(pubky)` with `isValidSecret`: one row for exactly that pubky whose secret
    /// derives it, else `Ring credential unavailable` (a null cursor names itself).
    public func readSecret(_ identity: SharedIdentity) -> SecretRead {
        let read = ringCredential(identity.pubky)
        report(.credential(peer: "ring", record: identity.record, read))
        return read
    }

    private func ringCredential(_ pubky: String) -> SecretRead {
        guard ringTrusted else { return .unknown(AndroidContract.ringCredentialUnavailable) }
        let answer: ProviderAnswer
        do throws(ProviderException) {
            answer = try resolver.query(Self.ringAuthority, AndroidContract.credentialPath(pubky))
        } catch {
            return .unknown(error.message)
        }
        guard case .rows(let rows) = answer else { return .unknown(AndroidContract.ringCredentialNoCursor) }
        // No row (Ring lacks the pubky, or its entry does not decrypt) is a failure like any other.
        guard rows.count == 1, let row = rows.first else { return .unknown(AndroidContract.ringCredentialUnavailable) }
        let secret = row[AndroidContract.columnSecretKey] ?? ""
        guard row[AndroidContract.columnPubky].map({ Self.matches($0, pubky) }) == true,
            Self.isValidSecret(secret, pubky: pubky)
        else { return .unknown(AndroidContract.ringCredentialUnavailable) }
        return .found(secret)
    }

    /// `isValidSecret(hex, pubky)`: 64 lowercase hex deriving `pubky` (bare or `pubky`-prefixed).
    static func isValidSecret(_ hex: String, pubky: String) -> Bool {
        guard Hex.isSecret(hex), let derived = Ed25519KeyPair(secretHex: hex)?.pubky else { return false }
        return matches(derived, pubky)
    }

    static func matches(_ a: String, _ b: String) -> Bool {
        BitkitSharedPubkyProvider.bare(a) == BitkitSharedPubkyProvider.bare(b)
    }

    /// Android has no presence call: a listing that succeeds without the identity is its absence.
    public func presence(of identity: SharedIdentity) -> Presence {
        switch listRingIdentities() {
        case .listed(let identities):
            let present = identities.contains(identity)
            event(.presence, record: identity.record, present ? .found : .absent)
            return present ? .present : .absent
        case .unknown(let reason):
            event(.presence, record: identity.record, .unknown, reason)
            return .unknown(reason)
        }
    }

    public func offer(pubky: String, secret: String, between: () -> Void) -> SharingWrite { .done }
    public func withdraw(pubky: String) -> SharingWrite { .done }
    public func withdrawAll(before: (SharedIdentity) -> Void) -> Withdrawal { Withdrawal(tried: []) }
}
