// Fuzz target `pubkyauth-link`: `pubkyauth://` links, as Bitkit (strict) and Ring (lenient) parse them (spec/04 §5).
import PubkyProtocol

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for mode in [AuthLinkParseMode.strict, .lenientRing] {
        guard let link = try? AuthLink(parsing: text, mode: mode) else { continue }
        // The canonical form of a parsed link is parsed again (it need not succeed, only not crash).
        _ = try? AuthLink(parsing: link.canonicalString, mode: mode)
    }
    return 0
}
