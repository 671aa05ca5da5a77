import ContractNames
import Foundation
import WorldFiles

/// The OS's part of opening a link: which installed app receives it. iOS leaves the choice undefined
/// when two apps register one scheme; the simulator's documented rule is that the app installed or
/// update-installed last wins, so a scenario can make an older build claim `pubkyauth` on purpose.
/// Android asks the user instead (spec/07 §6.7). Each platform's OS routes through `route`.
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
        /// Android: the apps the system chooser offers when several can open the link (then
        /// `receivedBy` is nil until the user picks one); empty otherwise.
        public var chooser: [AppKind] = []
    }

    /// Android Bitkit's activity aliases for `pubkyauth` links (spec/07 §6.7).
    public enum Alias {
        /// Any `pubkyauth` link, while an own identity is set up.
        public static let pubkyAuth = ".ui.MainActivityPubkyAuth"
        /// Signup links, while no identity is set up.
        public static let pubkySignup = ".ui.MainActivityPubkySignup"
    }

    /// The scheme of `link` (RFC 3986: a letter, then letters, digits, `+`, `-` or `.`, then `:`).
    public static func scheme(of link: String) -> String? { URLScheme.of(link) }

    /// Where the OS delivers `link` on a device in `state`. An installed app can open it when it
    /// registers the link's scheme or, besides, when `claims` says so (Android's activity aliases,
    /// spec/07 §6.7). When several can, an OS that `asks` shows the system chooser (Android); one
    /// that does not picks the app installed or update-installed last (iOS). The device's OS
    /// (`PhoneOS.route`) passes both.
    public static func route(
        _ link: String, on state: DeviceState, claims: (InstalledApp) -> Bool, asks: Bool
    ) -> Delivery {
        guard let scheme = scheme(of: link) else {
            return Delivery(url: link, scheme: nil, receivedBy: nil, registeredBy: [])
        }
        let registrants = AppKind.allCases.compactMap { state.apps[$0] }
            .filter { $0.urlSchemes.contains(scheme) || claims($0) }
            .sorted { ($0.installOrder, $0.kind.rawValue) < ($1.installOrder, $1.kind.rawValue) }
        if asks, registrants.count > 1 {
            let chooser = registrants.map(\.kind).sorted { $0.rawValue < $1.rawValue }
            return Delivery(
                url: link, scheme: scheme, receivedBy: nil, registeredBy: registrants.map(\.kind), chooser: chooser)
        }
        return Delivery(
            url: link, scheme: scheme, receivedBy: registrants.last?.kind, registeredBy: registrants.map(\.kind))
    }
}
