import PubkyProtocol

/// How a counterparty key appears in logs (spec/04 §3, spec/05 §2): Bitkit's log redaction
/// (`pubkygcumbhd...` for key C, spec/06 P4), or `<invalid>` for a key that does not normalise.
public enum CounterpartyRedaction {
    /// The redacted form of `key`.
    public static func redact(_ key: String?) -> String {
        guard let bare = normalised(key) else { return "<invalid>" }
        return PubkyKey.bitkitRedacted(bare)
    }

    /// Bitkit normalisation (`PubkyKey.bitkitNormalized`): the bare key, or nil when malformed.
    public static func normalised(_ key: String?) -> String? {
        guard let key else { return nil }
        return try? PubkyKey.bitkitNormalized(key)
    }
}
