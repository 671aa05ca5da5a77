// Fuzz target `endpoint-payload`: a Paykit endpoint (identifier + JSON payload) through shape, payability and resolution.
// The first byte of the input picks the identifier.
import ContractNames
import Foundation
import PaykitContract

let identifiers = [
    "btc-lightning-bolt11", "btc-lightning-lnurl", "btc-bitcoin-p2wpkh", "btc-bitcoin-p2tr", "btc-regtest-p2wpkh",
    "btc-testnet-p2sh", "btc-signet-p2pkh", "btc-regtest-p2tr",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let identifier = identifiers[Int(first) % identifiers.count]
    let payload = Array(bytes.dropFirst())
    let now = Date(timeIntervalSince1970: 1_750_000_000)
    for network in BitcoinNetwork.allCases {
        if case .success(let endpoint) = EndpointParser.parse(
            identifier: identifier, payloadBytes: payload, network: network)
        {
            for isRequest in [false, true] {
                _ = Payability.evaluate(
                    endpoint, context: PayabilityContext(network: network, now: now, isRequest: isRequest))
            }
        }
        _ = EndpointResolution.resolve(
            endpoints: [EndpointPayload(identifier: identifier, payload: String(decoding: payload, as: UTF8.self))],
            retained: nil, context: PayabilityContext(network: network, now: now, isRequest: false))
    }
    return 0
}
