import ContractNames
import Foundation

/// What the payability stage needs from the wallet: its network, the time, and for requests the
/// invoices already attempted and the addresses already used.
public struct PayabilityContext: Sendable {
    public var network: BitcoinNetwork
    public var now: Date
    /// True when paying an incoming request: invoices then need route hints and must be unattempted,
    /// addresses must be unused.
    public var isRequest: Bool
    public var attemptedPaymentHashes: Set<[UInt8]>
    /// Addresses in canonical form (`BitcoinAddress.canonicalText`).
    public var usedAddresses: Set<String>

    public init(
        network: BitcoinNetwork, now: Date, isRequest: Bool, attemptedPaymentHashes: Set<[UInt8]> = [],
        usedAddresses: Set<String> = []
    ) {
        self.network = network
        self.now = now
        self.isRequest = isRequest
        self.attemptedPaymentHashes = attemptedPaymentHashes
        self.usedAddresses = usedAddresses
    }
}
