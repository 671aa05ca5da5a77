import ContractNames

/// A journal entry an app asks for: the runtime fills in the app, the run and the time.
public struct JournalLine: Sendable, Equatable {
    public var kind: JournalKind
    public var account: String?
    public var owner: String?
    public var detail: String?

    public init(_ kind: JournalKind, account: String? = nil, owner: String? = nil, detail: String? = nil) {
        self.kind = kind
        self.account = account
        self.owner = owner
        self.detail = detail
    }
}
