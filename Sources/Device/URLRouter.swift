import ContractNames
import Foundation
import WorldFiles

/// The OS's part of opening a link: which installed app receives it. iOS leaves the choice undefined
/// when two apps register one scheme; the simulator's documented rule is that the app installed or
/// update-installed last wins, so a scenario can make an older build claim `pubkyauth` on purpose.
public enum URLRouter {
    /// Where the OS delivers one link.
    public struct Delivery: Sendable, Equatable, Encodable {
        public var url: String
        /// The link's scheme, lowercased; nil when the text is not a URL.
        public var scheme: String?
        /// The app that receives it; nil when no installed app registers the scheme.
        public var receivedBy: AppKind?
        /// Every installed app registering the scheme, earliest install first.
        public var registeredBy: [AppKind]
    }

    /// The scheme of `link` (RFC 3986: a letter, then letters, digits, `+`, `-` or `.`, then `:`).
    public static func scheme(of link: String) -> String? { URLScheme.of(link) }

    /// Where the OS delivers `link` on a device in `state`.
    public static func route(_ link: String, on state: DeviceState) -> Delivery {
        guard let scheme = scheme(of: link) else {
            return Delivery(url: link, scheme: nil, receivedBy: nil, registeredBy: [])
        }
        let registrants = AppKind.allCases.compactMap { state.apps[$0] }
            .filter { $0.urlSchemes.contains(scheme) }
            .sorted { ($0.installOrder, $0.kind.rawValue) < ($1.installOrder, $1.kind.rawValue) }
        return Delivery(
            url: link, scheme: scheme, receivedBy: registrants.last?.kind, registeredBy: registrants.map(\.kind))
    }
}
