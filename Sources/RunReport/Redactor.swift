/// Removes a run's secrets from a finished page. Every page passes through it last, so a secret
/// cannot reach a file through a field a renderer forgot: a scenario may write a secret literally
/// (`key K3 secret 0303…`, an expectation on `--show-secrets` output), and a failure quotes what it
/// found. Hex secrets are found in one pass over the bytes, inside any run of hex digits and in
/// either case; other secrets (a mnemonic) by a plain search. The `secret=` parameter of a
/// `pubkyauth://` link (the relay channel's key, which the run makes up as it goes) is hidden too.
public struct Redactor: Sendable {
    public static let replacement = "[secret hidden]"

    /// Lowercase ASCII bytes of each hex secret.
    private let hexSecrets: Set<[UInt8]>
    private let hexLengths: [Int]
    private let phrases: [[UInt8]]

    /// Hex secrets are texts of at least 32 hex digits; any other text of at least 12 characters is
    /// searched as it is. Shorter texts are ignored: they would blank ordinary words.
    public init(secrets: [String]) {
        var hex = Set<[UInt8]>()
        var phrases: [[UInt8]] = []
        for secret in secrets {
            let bytes = Array(secret.utf8)
            if bytes.count >= 32, bytes.allSatisfy(Self.isHexDigit) {
                hex.insert(bytes.map(Self.lowercased))
            } else if bytes.count >= 12 {
                phrases.append(bytes)
            }
        }
        hexSecrets = hex
        hexLengths = Array(Set(hex.map(\.count))).sorted(by: >)
        self.phrases = phrases.sorted { $0.count > $1.count }
    }

    public func apply(_ text: String) -> String {
        var bytes = Array(text.utf8)
        var changed = false
        if !hexSecrets.isEmpty, redactHex(&bytes) { changed = true }
        for phrase in phrases where redact(phrase, in: &bytes) { changed = true }
        if redactLinkSecrets(&bytes) { changed = true }
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }

    /// Replaces the value of every `secret=` parameter (base64url, at least 8 characters).
    private func redactLinkSecrets(_ bytes: inout [UInt8]) -> Bool {
        let key = Array("secret=".utf8)
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        var changed = false
        while index + key.count <= bytes.count {
            guard bytes[index] == key[0], bytes[index..<(index + key.count)].elementsEqual(key) else {
                index += 1
                continue
            }
            let start = index + key.count
            var end = start
            while end < bytes.count, Self.isBase64URL(bytes[end]) { end += 1 }
            if end - start >= 8 {
                changed = true
                output += bytes[copied..<start]
                output += Array(Self.replacement.utf8)
                copied = end
            }
            index = end
        }
        guard changed else { return false }
        output += bytes[copied...]
        bytes = output
        return true
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x2D || byte == 0x5F
    }

    /// Replaces every window of a hex run that is a secret.
    private func redactHex(_ bytes: inout [UInt8]) -> Bool {
        guard let shortest = hexLengths.last else { return false }
        var output: [UInt8] = []
        var changed = false
        var copied = 0
        var index = 0
        while index < bytes.count {
            guard Self.isHexDigit(bytes[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, Self.isHexDigit(bytes[end]) { end += 1 }
            if end - index >= shortest {
                var position = index
                while position < end {
                    var matched = 0
                    for length in hexLengths where position + length <= end {
                        if hexSecrets.contains(bytes[position..<(position + length)].map(Self.lowercased)) {
                            matched = length
                            break
                        }
                    }
                    if matched > 0 {
                        if !changed { output.reserveCapacity(bytes.count) }
                        changed = true
                        output += bytes[copied..<position]
                        output += Array(Self.replacement.utf8)
                        position += matched
                        copied = position
                    } else {
                        position += 1
                    }
                }
            }
            index = end
        }
        guard changed else { return false }
        output += bytes[copied...]
        bytes = output
        return true
    }

    private func redact(_ phrase: [UInt8], in bytes: inout [UInt8]) -> Bool {
        ByteText.replace(phrase, with: Array(Self.replacement.utf8), in: &bytes)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x46 ? byte + 0x20 : byte
    }
}
