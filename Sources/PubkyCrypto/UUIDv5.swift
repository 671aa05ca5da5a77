import Foundation

/// Name-based UUIDs, version 5 (RFC 4122 §4.3, SHA-1). Ring names homeserver sessions by the UUIDv5 of
/// the session secret (spec/01 §12).
public enum UUIDv5 {
    /// The UUIDv5 of `name` within `namespace`.
    public static func make(namespace: UUID, name: [UInt8]) -> UUID {
        let namespaceBytes = withUnsafeBytes(of: namespace.uuid, Array.init)
        var bytes = Array(SHA1.hash(namespaceBytes + name).prefix(16))
        bytes[6] = bytes[6] & 0x0f | 0x50  // version 5
        bytes[8] = bytes[8] & 0x3f | 0x80  // RFC 4122 variant
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// The UUIDv5 of the UTF-8 bytes of `name` within `namespace`.
    public static func make(namespace: UUID, name: String) -> UUID {
        make(namespace: namespace, name: Array(name.utf8))
    }
}
