/// Bech32 (BIP173) and Bech32m (BIP350) strings: human-readable part, `1`, 5-bit data, 6-symbol checksum.
enum Bech32 {
  enum Variant: Equatable {
    case bech32, bech32m

    var constant: UInt32 { self == .bech32 ? 1 : 0x2bc8_30a3 }
  }

  private static let charset = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
  private static let reverse: [Int8] = {
    var table = [Int8](repeating: -1, count: 256)
    for (index, symbol) in charset.enumerated() { table[Int(symbol)] = Int8(index) }
    return table
  }()

  /// The lowercase hrp, the 5-bit data without checksum, and which checksum matched; nil when the
  /// string breaks any BIP173 rule (length ≤ 90, one case, valid characters, checksum).
  static func decode(_ text: String) -> (hrp: String, data: [UInt8], variant: Variant)? {
    let bytes = Array(text.utf8)
    guard bytes.count <= 90, bytes.allSatisfy({ (33...126).contains($0) }) else { return nil }
    let hasLower = bytes.contains { (97...122).contains($0) }
    let hasUpper = bytes.contains { (65...90).contains($0) }
    guard !(hasLower && hasUpper) else { return nil }
    let lower = bytes.map { (65...90).contains($0) ? $0 + 32 : $0 }
    guard let separator = lower.lastIndex(of: UInt8(ascii: "1")), separator >= 1,
      lower.count - separator - 1 >= 6
    else { return nil }
    let hrp = Array(lower[..<separator])
    var data = [UInt8]()
    for symbol in lower[(separator + 1)...] {
      let value = reverse[Int(symbol)]
      guard value >= 0 else { return nil }
      data.append(UInt8(value))
    }
    let check = polymod(expand(hrp) + data)
    let variant: Variant
    switch check {
    case Variant.bech32.constant: variant = .bech32
    case Variant.bech32m.constant: variant = .bech32m
    default: return nil
    }
    return (String(decoding: hrp, as: UTF8.self), Array(data.dropLast(6)), variant)
  }

  /// The lowercase string of `hrp` and 5-bit `data` with the checksum of `variant`.
  static func encode(hrp: String, data: [UInt8], variant: Variant) -> String {
    let hrpBytes = Array(hrp.utf8)
    let check = polymod(expand(hrpBytes) + data + [0, 0, 0, 0, 0, 0]) ^ variant.constant
    let checksum = (0..<6).map { UInt8(truncatingIfNeeded: check >> (5 * (5 - UInt32($0)))) & 31 }
    return hrp + "1" + String(decoding: (data + checksum).map { charset[Int($0)] }, as: UTF8.self)
  }

  /// Regroups bits (8→5 with padding, or 5→8 strictly: at most 4 zero padding bits).
  static func convertBits(_ data: [UInt8], from: Int, to: Int, pad: Bool) -> [UInt8]? {
    var accumulator = 0
    var bits = 0
    var output = [UInt8]()
    let maxValue = (1 << to) - 1
    for value in data {
      guard Int(value) >> from == 0 else { return nil }
      accumulator = accumulator << from | Int(value)
      bits += from
      while bits >= to {
        bits -= to
        output.append(UInt8(accumulator >> bits & maxValue))
      }
      accumulator &= (1 << bits) - 1
    }
    if pad {
      if bits > 0 { output.append(UInt8(accumulator << (to - bits) & maxValue)) }
    } else if bits >= from || accumulator << (to - bits) & maxValue != 0 {
      return nil
    }
    return output
  }

  private static func expand(_ hrp: [UInt8]) -> [UInt8] {
    hrp.map { $0 >> 5 } + [0] + hrp.map { $0 & 31 }
  }

  private static func polymod(_ values: [UInt8]) -> UInt32 {
    let generator: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]
    var checksum: UInt32 = 1
    for value in values {
      let top = checksum >> 25
      checksum = (checksum & 0x1ff_ffff) << 5 ^ UInt32(value)
      for i in 0..<5 where top >> UInt32(i) & 1 == 1 { checksum ^= generator[i] }
    }
    return checksum
  }
}
