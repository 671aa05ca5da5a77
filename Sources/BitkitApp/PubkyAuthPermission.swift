import PubkyProtocol

/// One permission row of Bitkit's sign-in approval sheet (spec/02 §14.2), from one well-formed entry
/// of the link's `caps` (malformed entries never become rows).
public struct PubkyAuthPermission: Sendable, Equatable {
    /// The path as written (e.g. `/pub/pubky.app/`).
    public let path: String
    /// The access as written (e.g. `rw`).
    public let access: String

    public init(path: String, access: String) {
        self.path = path
        self.access = access
    }

    /// The rows for a `caps` text: split on `,`, trimmed, split at the last `:`; empty parts and parts
    /// without a `:`, a path or an access are dropped.
    public static func parse(_ caps: String) -> [PubkyAuthPermission] {
        CapabilityDisplay.bitkitRows(caps).map { PubkyAuthPermission(path: $0.path, access: $0.access) }
    }

    /// The row title: the path without its trailing `/`; a path of just `/` stays `/`.
    public var title: String {
        guard path.count > 1, path.hasSuffix("/") else { return path }
        return String(path.dropLast())
    }

    /// The row caption from the letters `r` and `w`; other letters are ignored, neither gives `""`.
    public var caption: String {
        var parts: [String] = []
        if access.contains("r") { parts.append(BitkitTexts.permissionRead) }
        if access.contains("w") { parts.append(BitkitTexts.permissionWrite) }
        return parts.joined(separator: ", ")
    }

    /// The service the permission is for: the path's second component (`/pub/pubky.app/` →
    /// `pubky.app`, `/pub/a/b/c` → `a`); nil for a path with fewer than two components.
    public var serviceName: String? {
        let components = path.split(separator: "/")
        return components.count >= 2 ? String(components[1]) : nil
    }

    /// The services the sheet's texts name: each permission's service, joined with ` and ` (no
    /// de-duplication: the app joins the list as it is).
    public static func services(_ permissions: [PubkyAuthPermission]) -> String {
        permissions.compactMap(\.serviceName).joined(separator: " and ")
    }
}
