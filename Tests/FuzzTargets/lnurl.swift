// Fuzz target `lnurl`: LNURL strings (bech32 `lnurl1…` and `lnurlp://` forms).
import PaykitContract

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? LNURL(text)
    return 0
}
