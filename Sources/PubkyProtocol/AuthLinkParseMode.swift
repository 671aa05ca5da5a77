/// How strictly a link's required parameters are enforced.
public enum AuthLinkParseMode: Sendable {
    /// spec/04 §5 exactly, as Bitkit parses.
    case strict
    /// Ring's reading: a `signup` link lacking `relay` or `secret` is a direct signup (spec/03 §11).
    case lenientRing
}
