import PubkyCrypto

/// Hex for fixed test vectors; traps on a malformed literal so a typo cannot pass silently.
func hex(_ text: String) -> [UInt8] {
    guard let bytes = Hex.decode(text) else { fatalError("bad hex literal in test: \(text)") }
    return bytes
}

/// Bytes `i % 251` for i in 0..<count, the input pattern of the BLAKE3 and other published vectors.
func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8($0 % 251) } }

func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
