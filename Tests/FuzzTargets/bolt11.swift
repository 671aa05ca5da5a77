// Fuzz target `bolt11`: BOLT 11 Lightning invoices, as Bitkit decodes them.
import Foundation
import PaykitContract

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let invoice = try? Bolt11Invoice(text) else { return 0 }
    _ = invoice.isExpired(at: Date(timeIntervalSince1970: 1_750_000_000))
    return 0
}
