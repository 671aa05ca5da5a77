/// What a homeserver returns for a session (spec/04 §7): version varint (0) ‖ public key(32) ‖
/// created_at varint (µs) ‖ name ‖ user_agent ‖ capability count ‖ capabilities, strings being a varint
/// length followed by UTF-8.
public struct SessionInfo: Hashable, Sendable {
    /// The session's user.
    public let publicKey: PublicKey
    /// Creation time in microseconds since the Unix epoch.
    public let createdAt: UInt64
    /// Deprecated upstream and always empty when created; kept for the encoding.
    public let name: String
    /// The User-Agent of the request that created the session.
    public let userAgent: String
    /// The capabilities the session grants.
    public let capabilities: Capabilities

    /// A session description.
    public init(
        publicKey: PublicKey, createdAt: UInt64, name: String = "", userAgent: String,
        capabilities: Capabilities
    ) {
        self.publicKey = publicKey
        self.createdAt = createdAt
        self.name = name
        self.userAgent = userAgent
        self.capabilities = capabilities
    }

    /// The encoding.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        Varint.append(0, to: &out)
        out += publicKey.bytes
        Varint.append(createdAt, to: &out)
        for text in [name, userAgent] { Self.appendString(text, to: &out) }
        Varint.append(UInt64(capabilities.entries.count), to: &out)
        for capability in capabilities.entries { Self.appendString(capability.description, to: &out) }
        return out
    }

    /// Decodes `bytes`; every byte must be consumed.
    public init(bytes: [UInt8]) throws(SessionInfoError) {
        var offset = 0
        guard let version = Varint.read(bytes, at: &offset) else { throw .truncated }
        guard version == 0 else { throw .unsupportedVersion(version) }
        guard offset + 32 <= bytes.count else { throw .truncated }
        let key = PublicKey(uncheckedBytes: Array(bytes[offset..<(offset + 32)]))
        offset += 32
        guard let createdAt = Varint.read(bytes, at: &offset) else { throw .truncated }
        let name = try Self.readString(bytes, at: &offset)
        let userAgent = try Self.readString(bytes, at: &offset)
        guard let count = Varint.read(bytes, at: &offset) else { throw .truncated }
        var entries: [Capability] = []
        // Each entry takes at least one byte, so a larger count is truncated input, not a huge list.
        guard count <= UInt64(bytes.count - offset) else { throw .truncated }
        for _ in 0..<count {
            let text = try Self.readString(bytes, at: &offset)
            guard let capability = try? Capability(parsing: text) else { throw .invalidCapability(text) }
            entries.append(capability)
        }
        guard offset == bytes.count else { throw .trailingBytes(bytes.count - offset) }
        self.init(
            publicKey: key, createdAt: createdAt, name: name, userAgent: userAgent,
            capabilities: Capabilities(entries))
    }

    private static func appendString(_ text: String, to bytes: inout [UInt8]) {
        Varint.append(UInt64(text.utf8.count), to: &bytes)
        bytes += text.utf8
    }

    private static func readString(
        _ bytes: [UInt8], at offset: inout Int
    ) throws(SessionInfoError)
        -> String
    {
        guard let length = Varint.read(bytes, at: &offset), length <= UInt64(bytes.count - offset)
        else {
            throw .truncated
        }
        let end = offset + Int(length)
        guard let text = String(validating: bytes[offset..<end], as: UTF8.self) else {
            throw .invalidUTF8
        }
        offset = end
        return text
    }
}
