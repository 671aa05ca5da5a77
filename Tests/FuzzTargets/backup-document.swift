// Fuzz target `backup-document`: Bitkit's backup document, as `bitkit-sim backup restore` reads it (spec/02 §20).
import BitkitApp

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? BackupDocument.restore(from: text)
    return 0
}
