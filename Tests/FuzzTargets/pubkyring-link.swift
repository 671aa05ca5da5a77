import PubkyProtocol

// Fuzz target `pubkyring-link`: what Ring is given to scan or paste: `pubkyring://` links, invites, secrets, phrases.
@testable import RingApp

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = RingInput(RingLinkCleanup.clean(text))
    _ = RingInput(text)
    return 0
}
