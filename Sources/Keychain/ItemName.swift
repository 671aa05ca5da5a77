import PubkyCrypto

/// Reversible file names for services and accounts (SharedGroup/README.md, "File names").
///
/// `[A-Za-z0-9._:-]` stays readable, except a leading `.` (which would hide the file and could
/// collide with `.lock`, `.sequence` and `.tmp-*`); every other UTF-8 byte, `%` and `/` included, becomes
/// `%XX` with upper-case hex. An encoded name longer than `maxEncodedLength` bytes is replaced by
/// `~` + the SHA-256 of the raw name in lower-case hex; `~` is never produced by the encoding, so
/// the two forms cannot collide, and the item's JSON carries the real name.
enum ItemName {
    /// Longest encoded name kept readable; leaves room for the `.sync-item` suffix under the
    /// 255-byte file-name limit of common file systems.
    static let maxEncodedLength = 200
    /// Suffix of a non-synchronizable item file.
    static let itemSuffix = ".item"
    /// Suffix of a synchronizable item file: it may share its account with a non-synchronizable one.
    static let synchronizableItemSuffix = ".sync-item"
    /// Prefix of a hashed (too long) name.
    static let hashedPrefix = "~"

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The percent-encoded form of `name` (never hashed).
    static func encode(_ name: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(name.utf8.count)
        for (index, byte) in name.utf8.enumerated() {
            if isReadable(byte) && !(index == 0 && byte == UInt8(ascii: ".")) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0f)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The name `encoded` stands for, or nil when it is not exactly what `encode` produces
    /// (lower-case hex, needless escapes, invalid UTF-8, stray `%`).
    static func decode(_ encoded: String) -> String? {
        let bytes = Array(encoded.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else { return nil }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte)
                index += 1
            }
        }
        guard let name = String(validatingUTF8Bytes: output), encode(name) == encoded else {
            return nil
        }
        return name
    }

    /// The file-system component for a service folder or an account: encoded, or hashed when long.
    static func component(for name: String) -> String {
        let encoded = encode(name)
        guard encoded.utf8.count > maxEncodedLength else { return encoded }
        return hashedPrefix + Hex.encode(SHA256.hash(Array(name.utf8)))
    }

    /// Whether `component` is something `component(for:)` can produce (for some name).
    static func isComponent(_ component: String) -> Bool {
        if component.hasPrefix(hashedPrefix) {
            let digest = component.utf8.dropFirst()
            return digest.count == 64 && digest.allSatisfy { lowerHexValue($0) != nil }
        }
        return !component.isEmpty && component.utf8.count <= maxEncodedLength
            && decode(component) != nil
    }

    /// `<component>.item` or `<component>.sync-item`.
    static func itemFileName(account: String, synchronizable: Bool) -> String {
        component(for: account) + (synchronizable ? synchronizableItemSuffix : itemSuffix)
    }

    /// Whether the file name says synchronizable, or nil when it is not an item file name at all.
    /// The two suffixes are disjoint: `.sync-item` does not end in `.item`.
    static func synchronizable(ofItemFileName fileName: String) -> Bool? {
        if fileName.hasSuffix(synchronizableItemSuffix) { return true }
        if fileName.hasSuffix(itemSuffix) { return false }
        return nil
    }

    private static func isReadable(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func lowerHexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}

extension String {
    /// The string `bytes` spell in UTF-8, or nil when they are not valid UTF-8.
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        self = String(decoding: bytes, as: UTF8.self)
    }
}
