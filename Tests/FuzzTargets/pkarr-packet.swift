// Fuzz target `pkarr-packet`: a PKARR relay payload and the DNS packet inside it (spec/04 §4).
import PubkyCrypto
import PubkyProtocol

let key = PublicKey(bytes: [UInt8](repeating: 7, count: 32))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? PkarrPacket(encoded: bytes)
    if let key { _ = try? PkarrPacket(relayPayload: bytes, publicKey: key) }
    _ = try? DNSPacket(bytes: bytes)
    return 0
}
