import ContractNames

/// One call of the seam as the journal records it (a `sharing` event): platform-neutral, so the
/// audit, `expect records` and the report read the same lines on every platform.
public struct SharingEvent: Sendable, Equatable {
    public var op: SharingOp
    /// The other app the call concerns (`bitkit`, `ring`).
    public var peer: String
    /// The record a single-identity call named (`<owner>:<pubky>`), if any.
    public var record: String?
    /// The records a listing returned, or that a write or removal actually changed.
    public var records: [String]?
    public var result: SharingResult
    /// The reason of an `unknown` or `failed` result, in the platform's words.
    public var detail: String?

    public init(
        op: SharingOp, peer: String, record: String? = nil, records: [String]? = nil, result: SharingResult,
        detail: String? = nil
    ) {
        self.op = op
        self.peer = peer
        self.record = record
        self.records = records
        self.result = result
        self.detail = detail
    }
}

extension SharingEvent {
    /// The `credential` event of a just-in-time read of `record` that answered `read`.
    public static func credential(peer: String, record: String, _ read: SecretRead) -> SharingEvent {
        switch read {
        case .found: return SharingEvent(op: .credential, peer: peer, record: record, result: .found)
        case .absent: return SharingEvent(op: .credential, peer: peer, record: record, result: .absent)
        case .unknown(let reason):
            return SharingEvent(op: .credential, peer: peer, record: record, result: .unknown, detail: reason)
        }
    }
}

/// Where an exchange reports each call it made (the app runtime journals it).
public typealias SharingReport = @Sendable (SharingEvent) -> Void
