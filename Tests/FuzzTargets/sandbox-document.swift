// Fuzz target `sandbox-document`: the apps' sandbox documents and the device file, as the tools decode them.
// The first byte of the input picks the document (`Sandbox.load`, `DeviceStore`, Ring's private item).
import BitkitApp
import Device
import Foundation
import RingApp

let decoder = JSONDecoder()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let document = Data(bytes.dropFirst())
    switch first % 6 {
    case 0: _ = try? decoder.decode(BitkitDefaults.self, from: document)
    case 1: _ = try? decoder.decode(BitkitMemory.self, from: document)
    case 2: _ = try? decoder.decode(RingStore.self, from: document)
    case 3: _ = try? decoder.decode(RingMemory.self, from: document)
    case 4: _ = try? decoder.decode(DeviceState.self, from: document)
    default: _ = RingStoredSecret.decode(Array(document))
    }
    return 0
}
