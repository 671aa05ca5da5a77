// Fuzz target `recovery-file`: Ring's encrypted recovery file (spec/03 §14), as `ring-sim import --file` decrypts it.
// The Argon2id key of the passphrase is derived once; every input then goes through the layout checks
// and XSalsa20-Poly1305, as `RecoveryFile.decode(_:passphrase:)` does.
@testable import PubkyCrypto

let key = (try? RecoveryFile.encryptionKey("correct horse")) ?? []

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? RecoveryFile.decode(bytes) { key }
    return 0
}
