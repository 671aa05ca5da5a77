// Fuzz target `paykit-request`: a Paykit payment-request record (strict JSON) and the request gate Bitkit runs on it.
import ContractNames
import Foundation
import PaykitContract

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let record = try? PaymentRequestRecord.parse(bytes) else { return 0 }
    for network in BitcoinNetwork.allCases {
        _ = RequestGate.evaluate(record, network: network, now: Date(timeIntervalSince1970: 1_750_000_000))
    }
    return 0
}
