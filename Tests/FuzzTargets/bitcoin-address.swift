// Fuzz target `bitcoin-address`: on-chain addresses: bech32/bech32m and base58check, and the codecs under them.
import PaykitContract
import PubkyCrypto

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let address = try? BitcoinAddress(text) {
        // The canonical form decodes to the same address.
        _ = try? BitcoinAddress(address.canonicalText)
    }
    _ = try? Bech32.decode(text)
    _ = try? Bech32.decode(text, maximumLength: nil)
    _ = Base58.decode(text)
    _ = Base58.decodeCheck(text)
    return 0
}
