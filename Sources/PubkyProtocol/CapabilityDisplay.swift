import Foundation

/// How the approval screens split a raw `caps` text into rows (spec/04 §5.1, spec/02 §14.2): Bitkit
/// splits each entry at its last `:`, Ring at its first.
public struct CapabilityDisplay: Hashable, Sendable {
    /// The path part, as written.
    public let path: String
    /// The access part, as written (e.g. `rw`); empty when the entry has no `:`.
    public let access: String

    /// A row with the given parts.
    public init(path: String, access: String) {
        self.path = path
        self.access = access
    }

    /// Bitkit's rows: split on `,`, trim each entry, drop empty ones, split at the last `:`; an entry
    /// with no `:`, an empty path or an empty access is dropped (`/pub/pubky.app/rw`, `:rw` and
    /// `/pub/pubky.app/:` show nothing, spec/02 §14.2).
    public static func bitkitRows(_ caps: String) -> [CapabilityDisplay] {
        rows(caps) { $0.lastIndex(of: ":") }.filter { !$0.path.isEmpty && !$0.access.isEmpty }
    }

    /// Ring's rows: split on `,`, trim each entry, drop empty ones, split at the first `:`.
    public static func ringRows(_ caps: String) -> [CapabilityDisplay] {
        rows(caps) { $0.firstIndex(of: ":") }
    }

    /// True when the access part grants read (`r`).
    public var readable: Bool { access.contains("r") }
    /// True when the access part grants write (`w`).
    public var writable: Bool { access.contains("w") }

    private static func rows(
        _ caps: String, splitIndex: (Substring) -> Substring.Index?
    ) -> [CapabilityDisplay] {
        caps.split(separator: ",").compactMap { raw in
            let entry = raw.trimmingCharacters(in: .whitespacesAndNewlines)[...]
            guard !entry.isEmpty else { return nil }
            guard let colon = splitIndex(entry) else {
                return CapabilityDisplay(path: String(entry), access: "")
            }
            return CapabilityDisplay(
                path: String(entry[..<colon]), access: String(entry[entry.index(after: colon)...]))
        }
    }
}
