// Fuzz target `keychain-item`: a keychain item file and the encoded file and folder names of a group.
import Foundation

@testable import Keychain

let decoder = JSONDecoder()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let item = try? ItemFile.decode(bytes, decoder: decoder) {
        // What the keychain writes back it reads back the same.
        _ = try? ItemFile.decode(ItemFile.encode(item), decoder: decoder)
    }
    let name = String(decoding: bytes, as: UTF8.self)
    _ = ItemName.decode(name)
    _ = ItemName.isComponent(name)
    _ = ItemName.synchronizable(ofItemFileName: name)
    return 0
}
